import React, { lazy, memo, Suspense, useEffect, useRef } from "react";
import type { QuoteFormProps } from "./quote-form";

// The form's code (state, validation, API client, toasts) is half of the site's JavaScript, and
// the form sits at the bottom of the page. Its HTML is in the static page from the start; its
// code loads when the form comes near the viewport or the visitor reaches it first, and React
// then hydrates the HTML already on screen, keeping whatever was typed meanwhile.

let startLoading: () => void = () => undefined;
const formIsNeeded = new Promise<void>((resolve) => {
  startLoading = resolve;
});

const QuoteFormRoot = lazy(() =>
  // The server renders the form at once, so the static HTML holds the whole form.
  (typeof window === "undefined" ? Promise.resolve() : formIsNeeded).then(
    () => import(/* webpackChunkName: "quote-form" */ "./quote-form-root"),
  ),
);

/**
 * Fields the visitor left before the form's code took over: the form marks them as visited, so
 * that an empty required field tabbed through early still shows its message.
 */
const fieldsLeftEarly = new Set<string>();
let formHasTakenOver = false;
export function formTakesOver(): ReadonlySet<string> {
  formHasTakenOver = true;
  return fieldsLeftEarly;
}

function recordLeftField(event: FocusEvent) {
  const { target } = event;
  if (formHasTakenOver) return;
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) {
    fieldsLeftEarly.add(target.name);
  }
}

/** How far below the viewport the form starts loading: a fast scroll still finds it ready. */
const loadingMargin = "0px 0px 1200px 0px";
const interactions = ["focusin", "pointerdown", "touchstart", "keydown"] as const;

/**
 * The quote form, loaded on demand. Memoised so that a re-render of the page (a hash change,
 * say) never reaches the boundary before it has hydrated: React would then drop the server
 * HTML and show the empty fallback.
 */
const DeferredQuoteForm = memo(function DeferredQuoteForm(props: QuoteFormProps) {
  const wrapper = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = wrapper.current;
    if (!element) return undefined;
    if (typeof IntersectionObserver === "undefined") {
      startLoading();
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) startLoading();
      },
      { rootMargin: loadingMargin },
    );
    observer.observe(element);
    for (const type of interactions) element.addEventListener(type, startLoading, { once: true });
    element.addEventListener("focusout", recordLeftField);
    void formIsNeeded.then(() => observer.disconnect());
    return () => {
      observer.disconnect();
      for (const type of interactions) element.removeEventListener(type, startLoading);
      element.removeEventListener("focusout", recordLeftField);
    };
  }, []);

  return (
    <div ref={wrapper}>
      <Suspense fallback={null}>
        <QuoteFormRoot {...props} />
      </Suspense>
    </div>
  );
});

export default DeferredQuoteForm;
