import { optOutKey, optedOut } from "../../islands/audience";

// The audience measure's control as plain DOM script over the server's HTML (see
// ../site-header/menu-behaviour.ts for why): shown, set from this browser's choice, and each
// change written at once (the only thing the site keeps in the browser, and only when asked).
// Its French messages are in the HTML (./audience-choice.tsx), not in the script every page loads.

type Message = "counted" | "refused" | "browser" | "blocked";

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
  const say = (message: Message) => (status.textContent = status.dataset[message] ?? "");
  const show = () => {
    box.checked = !optedOut();
    say(refusedHere() ? "refused" : optedOut() ? "browser" : "counted");
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
        say("blocked");
      }
    },
    { signal: listening.signal },
  );
  return () => listening.abort();
}
