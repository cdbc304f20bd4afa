// The small screens' menu as plain DOM script over the server's HTML, so that production pages run
// it without React; site-header.tsx attaches the same function where React renders. CSS module
// class names are hashed at build time: elements are found by data attributes.

/**
 * A disclosure: the button opens and closes the navigation; Escape, a followed link or focus
 * leaving the header close it. The button's aria-expanded is the one state: the CSS module shows
 * the navigation from it. Returns what undoes it: the listeners go, the DOM stays.
 */
export function enhanceMenu(header: HTMLElement): () => void {
  const button = header.querySelector<HTMLElement>("[data-menu-button]");
  const menu = header.querySelector<HTMLElement>("[data-menu]");
  // The markup and this script disagree: a bug to see at once, not a menu that never opens.
  if (!button || !menu) throw new Error("The header has no [data-menu-button] or [data-menu]");
  const labels = [...button.querySelectorAll<HTMLElement>("[data-when]")];

  const isOpen = () => button.getAttribute("aria-expanded") === "true";
  const setOpen = (open: boolean) => {
    button.setAttribute("aria-expanded", String(open));
    for (const label of labels) label.hidden = label.dataset.when !== (open ? "open" : "closed");
  };

  const listening = new AbortController();
  const { signal } = listening;
  button.addEventListener("click", () => setOpen(!isOpen()), { signal });
  menu.addEventListener(
    "click",
    (event) => {
      if (event.target instanceof Element && event.target.closest("a")) setOpen(false);
    },
    { signal },
  );
  document.addEventListener(
    "keydown",
    (event) => {
      if (event.key !== "Escape" || !isOpen()) return;
      setOpen(false);
      // The focused link is about to be hidden: focus goes back to the control that opened it.
      button.focus();
    },
    { signal },
  );
  header.addEventListener(
    "focusout",
    (event) => {
      // Tabbing on past the last link closes the menu: left open, it would cover the element
      // that now has focus (on a short or zoomed screen, the hero's button).
      const next = event.relatedTarget;
      if (next instanceof Node && !header.contains(next)) setOpen(false);
    },
    { signal },
  );

  return () => listening.abort();
}
