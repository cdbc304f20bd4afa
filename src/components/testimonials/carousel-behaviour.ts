// The testimonials' rotation as plain DOM script over the server's HTML, so that production pages
// run it without React; testimonial-carousel.tsx attaches the same function where React renders.
// CSS module class names are hashed at build time: elements are found by data attributes.

export const rotationDelayMs = 5000;

function part(root: HTMLElement, selector: string): HTMLElement {
  const element = root.querySelector<HTMLElement>(selector);
  // The markup and this script disagree: a bug to see at once, not a carousel that silently stalls.
  if (!element) throw new Error(`The carousel has no ${selector}`);
  return element;
}

/**
 * One testimonial at a time, advancing every five seconds and looping. Rotation stops while the
 * carousel is hovered or focused, when the visitor pauses it, and never starts on its own under
 * reduced motion (WCAG 2.2.2). Returns what undoes it: listeners and timer go, the DOM stays.
 */
export function enhanceCarousel(root: HTMLElement): () => void {
  const slides = [...root.querySelectorAll<HTMLElement>("[data-slide]")];
  const dots = [...root.querySelectorAll<HTMLElement>("[data-dot]")];
  const liveRegion = part(root, "[data-slides]");
  const toggle = part(root, "[data-carousel-toggle]");
  const toggleLabels = [...toggle.querySelectorAll<HTMLElement>("[data-when]")];

  let current = 0;
  let playing = !window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  // The script may arrive after the pointer or the keyboard has already reached the carousel.
  let hovered = root.matches(":hover");
  let focused = root.contains(document.activeElement);
  // Pressing "play" is an explicit request: rotation then goes on even with focus inside.
  let startedByVisitor = false;
  let timer: number | undefined;
  // The slide the running timer moves on from; the timer restarts only when that changes.
  let timedSlide: number | null = null;

  function update() {
    const rotating = playing && !hovered && (startedByVisitor || !focused) && slides.length > 1;
    slides.forEach((slide, index) => {
      slide.hidden = index !== current;
    });
    dots.forEach((dot, index) => {
      if (index === current) dot.setAttribute("aria-current", "true");
      else dot.removeAttribute("aria-current");
    });
    liveRegion.setAttribute("aria-live", rotating ? "off" : "polite");
    for (const label of toggleLabels) {
      label.hidden = label.dataset.when !== (playing ? "playing" : "paused");
    }

    const due = rotating ? current : null;
    if (due === timedSlide) return;
    window.clearTimeout(timer);
    timedSlide = due;
    if (rotating) {
      timer = window.setTimeout(() => {
        current = (current + 1) % slides.length;
        update();
      }, rotationDelayMs);
    }
  }

  const listening = new AbortController();
  const { signal } = listening;
  // Every listener changes the state, and the page is then redrawn from it.
  const on = <K extends keyof HTMLElementEventMap>(
    target: HTMLElement,
    type: K,
    listener: (event: HTMLElementEventMap[K]) => void,
  ) =>
    target.addEventListener(
      type,
      (event) => {
        listener(event);
        update();
      },
      { signal },
    );

  on(root, "mouseenter", () => (hovered = true));
  on(root, "mouseleave", () => (hovered = false));
  on(root, "focusin", () => (focused = true));
  on(root, "focusout", (event) => {
    const next = event.relatedTarget;
    if (!(next instanceof Node && root.contains(next))) focused = false;
  });
  on(toggle, "click", () => {
    startedByVisitor = !playing;
    playing = !playing;
  });
  dots.forEach((dot, index) => on(dot, "click", () => (current = index)));

  update();
  return () => {
    listening.abort();
    window.clearTimeout(timer);
  };
}
