import React, { useId, useState } from "react";
import { isFirstHydration } from "../../lib/first-hydration";
import * as styles from "./ui.module.css";

/** The HTML the server rendered for this holder, if the page being hydrated has it. */
function serverHtmlOf(id: string): string | null {
  const holder = document.querySelector(`[data-static-html="${id}"]`);
  return holder ? holder.innerHTML : null;
}

/**
 * Content without behaviour, kept as the server rendered it instead of being hydrated: on a slow
 * phone, hydrating the landing page's many static sections was the bulk of the main thread's
 * work after the first paint. The holder is found by its `useId`, which only a hydration shares
 * with the server; React is handed the holder's own HTML as its markup, so nothing React may do
 * with the holder later can write anything but what is already there. Any other render (a page
 * rendered in the browser, a test, or React rendering the page afresh after a failed hydration,
 * whose ids are not the server's) renders the children.
 */
export default function StaticHtml({ children }: { children: React.ReactNode }) {
  const id = useId();
  const [serverHtml] = useState(() => (isFirstHydration() ? serverHtmlOf(id) : null));

  if (serverHtml === null) {
    return (
      <div className={styles.contents} data-static-html={id}>
        {children}
      </div>
    );
  }
  return (
    <div
      className={styles.contents}
      data-static-html={id}
      dangerouslySetInnerHTML={{ __html: serverHtml }}
      suppressHydrationWarning
    />
  );
}
