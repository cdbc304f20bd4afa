/**
 * The landing page's sections below the first screen are left out of its first layout
 * (src/components/ui/ui.module.css): laid out at once, the whole page was one task long enough to
 * block a phone (docs/performance.md, "The first layout of `/`"). Until laid out, a section counts
 * at an estimated height. Once the page has painted, the start-up script lays them out one per
 * frame, from the top, and then the whole page for good.
 *
 * Two things cannot wait for that. A link to a part of the page scrolls there smoothly, aimed at
 * where its target stands when the scroll starts: with sections on the way still at their
 * estimates, it would land hundreds of pixels off. And a page opened at one of its sections
 * (open-at.ts) is placed before its first paint. Both lay the whole page out first.
 */
import { afterNextFrame } from "./next-frame";

/** On the root, lays every section out (the stylesheet's rule). */
export const wholePage = "data-whole-page";
/** On a section, lays it out. */
const laidOut = "data-laid-out";

export function layOutWholePage(): void {
  document.documentElement.setAttribute(wholePage, "");
}

function leadsWithinThisPage(target: EventTarget | null): boolean {
  const link = target instanceof Element ? target.closest("a[href]") : null;
  return (
    link instanceof HTMLAnchorElement &&
    link.hash !== "" &&
    link.origin === location.origin &&
    link.pathname === location.pathname
  );
}

/** Run in the head: the listener is there before any link can be clicked. */
export function layOutWholePageBeforeInPageLinks(): void {
  const onClick = (event: MouseEvent) => {
    if (!leadsWithinThisPage(event.target)) return;
    layOutWholePage();
    document.removeEventListener("click", onClick, true);
  };
  // Capturing: set before the browser's own scroll, which follows the click's listeners.
  document.addEventListener("click", onClick, true);
}

/** Run by the start-up script: each section in a frame of its own, then the whole page. */
export async function layOutSectionsInSteps(): Promise<void> {
  const sections = document.querySelectorAll("section");
  for (const section of sections) {
    if (document.documentElement.hasAttribute(wholePage)) break;
    await afterNextFrame();
    section.setAttribute(laidOut, "");
  }
  layOutWholePage();
  // The sections are left as served, the root's mark standing for them all.
  for (const section of sections) section.removeAttribute(laidOut);
}
