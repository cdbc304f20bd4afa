import React, { useEffect, useId, useState } from "react";
import * as styles from "../components/ui/ui.module.css";
import { isFirstHydration } from "./first-load";

// Step 5 of the first load (see first-load.ts).

/** The HTML the server rendered for this holder, if the page being hydrated has it. */
function serverHtmlOf(id: string): string | null {
  const holder = document.querySelector(`[data-server-html="${id}"]`);
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
 *
 * So an event handler or an effect inside it would work in those renders and never in
 * production: outside production builds, one makes it throw (`assertNoBehaviour`).
 */
export default function KeepServerHtml({ children }: { children: React.ReactNode }) {
  const id = useId();
  const [serverHtml] = useState(() => (isFirstHydration() ? serverHtmlOf(id) : null));
  useNoBehaviourGuard(id, serverHtml === null);

  if (serverHtml === null) {
    return (
      <div className={styles.contents} data-server-html={id}>
        {children}
      </div>
    );
  }
  return (
    <div
      className={styles.contents}
      data-server-html={id}
      dangerouslySetInnerHTML={{ __html: serverHtml }}
      suppressHydrationWarning
    />
  );
}

// React's own keys on the DOM nodes it renders (`__reactProps$…`, `__reactFiber$…`). Internal,
// and read only outside production: if React renames them, the tests of this guard fail.
type Fiber = {
  tag: number;
  type: unknown;
  stateNode: unknown;
  child: Fiber | null;
  sibling: Fiber | null;
  updateQueue: { lastEffect?: unknown } | null;
};

const reactKey = (node: object, prefix: string) =>
  Object.keys(node).find((key) => key.startsWith(prefix));

const nameOf = (type: unknown): string => {
  if (typeof type === "function") return type.name || "anonymous";
  if (typeof type === "object" && type && "type" in type) return nameOf(type.type);
  return String(type);
};

/**
 * Outside production, checks after every render that the children have no behaviour. Production
 * builds get a function that does nothing (webpack replaces NODE_ENV, and the guard's code is
 * left out of the bundle).
 */
const useNoBehaviourGuard =
  process.env.NODE_ENV === "production"
    ? (_id: string, _rendered: boolean) => undefined
    : (id: string, rendered: boolean) => {
        useEffect(() => {
          const holder = document.querySelector<HTMLElement>(`[data-server-html="${id}"]`);
          if (holder && rendered) assertNoBehaviour(holder);
        });
      };

/** Throws when a handler or an effect under `holder` would never run in production. */
function assertNoBehaviour(holder: HTMLElement): void {
  // React's fiber tags of components whose hooks may hold effects, and of class components.
  const functionTags = new Set([0, 11, 14, 15]);
  const classTag = 1;
  const fail = (what: string) => {
    throw new Error(
      `KeepServerHtml: ${what}. In production this content keeps the server's HTML and is never hydrated, so it would never run: render it outside KeepServerHtml.`,
    );
  };
  for (const element of holder.querySelectorAll("*")) {
    const key = reactKey(element, "__reactProps$");
    const props = key ? (element as unknown as Record<string, Record<string, unknown>>)[key] : {};
    for (const [name, value] of Object.entries(props ?? {})) {
      if (/^on[A-Z]/.test(name) && typeof value === "function") {
        fail(`<${element.localName}> has an ${name} handler`);
      }
    }
  }
  const fiberKey = reactKey(holder, "__reactFiber$");
  const pending = [(holder as unknown as Record<string, Fiber>)[fiberKey ?? ""]?.child ?? null];
  while (pending.length > 0) {
    const fiber = pending.pop();
    if (!fiber) continue;
    if (functionTags.has(fiber.tag) && fiber.updateQueue?.lastEffect) {
      fail(`<${nameOf(fiber.type)}> has an effect`);
    }
    const instance = fiber.stateNode as { componentDidMount?: unknown } | null;
    if (fiber.tag === classTag && typeof instance?.componentDidMount === "function") {
      fail(`<${nameOf(fiber.type)}> has componentDidMount`);
    }
    pending.push(fiber.child, fiber.sibling);
  }
}
