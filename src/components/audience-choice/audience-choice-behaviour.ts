import { optOutKey, optedOut } from "../../islands/audience";

// The audience measure's control as plain DOM script over the server's HTML (see
// ../site-header/menu-behaviour.ts for why): shown, set from this browser's choice, and each
// change written at once (the only thing the site keeps in the browser, and only when asked).

const messages = {
  counted: "Vos visites sont comptées, sans cookie et anonymement.",
  refused: "Vos visites ne sont plus comptées dans les statistiques de ce navigateur.",
  browser:
    "Votre navigateur demande de ne pas être suivi (Do Not Track ou Global Privacy Control) : vos visites ne sont pas comptées.",
  blocked: "Votre navigateur ne permet pas d'enregistrer ce choix.",
};

/** Returns what undoes it: the listener goes, the DOM stays. */
export function enhanceAudienceChoice(section: HTMLElement): () => void {
  const box = section.querySelector<HTMLInputElement>("[data-audience-consent]");
  const status = section.querySelector<HTMLElement>("[data-audience-status]");
  if (!box || !status) throw new Error("The choice has no [data-audience-consent] or status");
  section.hidden = false;
  const refusedHere = () => {
    try {
      return localStorage.getItem(optOutKey) === "non";
    } catch {
      return false;
    }
  };
  const show = () => {
    box.checked = !optedOut();
    status.textContent = refusedHere()
      ? messages.refused
      : optedOut()
        ? messages.browser
        : messages.counted;
  };
  // The browser's own refusal is not this control's to lift.
  box.disabled = optedOut() && !refusedHere();
  show();
  const listening = new AbortController();
  box.addEventListener(
    "change",
    () => {
      try {
        if (box.checked) localStorage.removeItem(optOutKey);
        else localStorage.setItem(optOutKey, "non");
        show();
      } catch {
        status.textContent = messages.blocked;
      }
    },
    { signal: listening.signal },
  );
  return () => listening.abort();
}
