// The quote form's code (React, state, validation, API client, toasts) is nearly all of the
// site's JavaScript, and the form sits at the bottom of the page. Its HTML is in the page from the
// start; its code is fetched when the form comes near the viewport, the visitor reaches into it
// first, or the address targets it, and React then hydrates the HTML already on screen, keeping
// whatever was typed meanwhile (quote-form.tsx).
import { quoteFormIsland } from "./quote-form-address";

type QuoteFormIsland = typeof import("./quote-form");

/** How far below the viewport the form starts loading: a fast scroll still finds it ready. */
const loadingMargin = "0px 0px 1200px 0px";
const interactions = ["focusin", "pointerdown", "touchstart", "keydown"] as const;

/** Whether the address's fragment names the form or a section holding it (`#contact`). */
function addressTargets(form: HTMLElement): boolean {
  let id: string;
  try {
    id = decodeURIComponent(window.location.hash.slice(1));
  } catch {
    // A fragment that is not valid percent-encoding names no element.
    return false;
  }
  return id !== "" && (document.getElementById(id)?.contains(form) ?? false);
}

export function loadQuoteFormWhenNeeded(form: HTMLElement): void {
  // Fields the visitor leaves before the code arrives: the form marks them as visited, so that
  // an empty required field tabbed through early still shows its message.
  const leftEarly = new Set<string>();
  const recordLeftField = ({ target }: FocusEvent) => {
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) {
      leftEarly.add(target.name);
    }
  };
  form.addEventListener("focusout", recordLeftField);

  const observer =
    typeof IntersectionObserver === "undefined"
      ? undefined
      : new IntersectionObserver(
          (entries) => {
            if (entries.some((entry) => entry.isIntersecting)) load();
          },
          { rootMargin: loadingMargin },
        );
  const onAddressChange = () => {
    if (addressTargets(form)) load();
  };
  const listen = () => {
    for (const type of interactions) form.addEventListener(type, load, { once: true });
  };

  let loading = false;
  function load(): void {
    if (loading) return;
    loading = true;
    observer?.disconnect();
    window.removeEventListener("hashchange", onAddressChange);
    for (const type of interactions) form.removeEventListener(type, load);
    (import(quoteFormIsland) as Promise<QuoteFormIsland>).then(
      ({ hydrateQuoteForm }) => {
        form.removeEventListener("focusout", recordLeftField);
        hydrateQuoteForm(form, leftEarly);
      },
      () => {
        // The code did not arrive (a dropped connection): the next reach into the form asks again.
        loading = false;
        listen();
      },
    );
  }

  listen();
  window.addEventListener("hashchange", onAddressChange);
  if (observer) observer.observe(form);
  else load();
  if (addressTargets(form)) load();
}
