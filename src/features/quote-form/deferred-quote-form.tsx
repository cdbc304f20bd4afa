import React, { lazy, memo, Suspense, useEffect, useRef } from "react";
import { formHasTakenOver, recordLeftField } from "./fields-left-early";
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
 * Until the form's code has hydrated it, the Suspense boundary below still holds the server's
 * HTML, and React throws that HTML away if any context above the boundary changes meanwhile
 * (minified error #421, then the empty fallback until the code arrives: the form vanishes).
 * Gatsby's router changes its location context on every `popstate`, and the browser fires one
 * for a mere jump to an anchor of this same page: the header's "Contact" and "Devis Gratuit"
 * links, the skip link, the back button between them. Until the form has taken over, such a
 * same-page jump is kept from the router (this listener is registered before the router's, and
 * runs first, in the capture phase): the browser still scrolls and moves the focus itself, and
 * nothing on these pages reads the location's hash. A jump to another page is left alone.
 * (e2e/hydration.test.mjs)
 */
if (typeof window !== "undefined") {
  const address = () => window.location.pathname + window.location.search;
  const pageAddress = address();
  window.addEventListener(
    "popstate",
    (event) => {
      if (!formHasTakenOver() && address() === pageAddress) event.stopImmediatePropagation();
    },
    { capture: true },
  );
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
    // Fields the visitor leaves before the code arrives: the form marks them as visited, so that
    // an empty required field tabbed through early still shows its message.
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
