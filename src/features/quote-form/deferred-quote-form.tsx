import React, { lazy, memo, Suspense, useEffect, useRef } from "react";

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

/** How far below the viewport the form starts loading: a fast scroll still finds it ready. */
const loadingMargin = "0px 0px 1200px 0px";
const interactions = ["focusin", "pointerdown", "touchstart", "keydown"] as const;

type DeferredQuoteFormProps = { replyHours: number };

/**
 * The quote form, loaded on demand. Memoised so that a re-render of the page (a hash change,
 * say) never reaches the boundary before it has hydrated: React would then drop the server
 * HTML and show the empty fallback.
 */
const DeferredQuoteForm = memo(function DeferredQuoteForm({ replyHours }: DeferredQuoteFormProps) {
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
    void formIsNeeded.then(() => observer.disconnect());
    return () => {
      observer.disconnect();
      for (const type of interactions) element.removeEventListener(type, startLoading);
    };
  }, []);

  return (
    <div ref={wrapper}>
      <Suspense fallback={null}>
        <QuoteFormRoot replyHours={replyHours} />
      </Suspense>
    </div>
  );
});

export default DeferredQuoteForm;
