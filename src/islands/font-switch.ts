/**
 * The switch to Public Sans on a first visit, run by the start-up script (first-load.ts) once
 * the French file the inline script asked for is here (font-after-paint.ts).
 *
 * The switch lays every line out again in the new face. Done at once, that is the page's one long
 * task on a phone (docs/performance.md, "Total Blocking Time"), so it is done a part of the page
 * at a time, one part per frame, from the top. And the file is the stylesheet's own face, loaded
 * by its family's name: a face added to `document.fonts` would have Chromium lay out every line
 * again, in a long task of its own, before any had switched.
 *
 * The local font matches Public Sans's widths on average, not word for word: in a line near its
 * end, a word can wrap the other way, and the text after it moves. A part on screen is therefore
 * laid out in Public Sans and measured before the frame is drawn; if any of its text there would
 * move, it is put back as it was, unseen, and switches once the visitor has scrolled past it
 * (or on the next page, which has Public Sans from its first paint).
 */

/** Keeps the local font on the element that has it (src/styles/fonts.css). */
export const fontPending = "data-font-pending";

// The characters of text switched in one frame: 600 make a task of 5–16 ms of CPU on a desktop's
// Chromium, under 50 ms, from which a task blocks, on Lighthouse's phone (about three times
// slower); at 1,000, the step with the quote form's fields took 20 ms (docs/performance.md).
const charactersPerStep = 600;

/**
 * Loads the French cut of Public Sans, the one file a French page needs, by the family the
 * stylesheet gives it (src/styles/fonts.css). Called twice, it fetches the file once.
 */
export function loadFrenchFont(): Promise<unknown> {
  return document.fonts.load('1em "Public Sans French"');
}

/**
 * The page's elements in the order they are switched, in groups of about `characters`
 * characters: an element with more text is split into its children, and neighbours with less
 * share a step.
 */
export function switchSteps(page: Element, characters = charactersPerStep): Element[][] {
  const steps: Element[][] = [];
  let step: Element[] = [];
  let size = 0;
  const visit = (element: Element) => {
    const length = element.textContent?.length ?? 0;
    if (length > characters && element.children.length > 0) {
      for (const child of element.children) visit(child);
      return;
    }
    if (step.length > 0 && size + length > characters) {
      steps.push(step);
      step = [];
      size = 0;
    }
    step.push(element);
    size += length;
  };
  visit(page);
  if (step.length > 0) steps.push(step);
  return steps;
}

/** Resolves once the browser has drawn a frame, so that what changes next is its own frame. */
function afterNextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

// Chromium counts a layout shift from a move of 3 CSS pixels; less is not seen either.
const seenMove = 3;

function onScreen(box: DOMRect): boolean {
  return box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
}

/** The boxes on screen of everything in `part`, each line of its text one box. */
function boxesSeen(part: Element): DOMRect[] {
  const range = document.createRange();
  range.selectNodeContents(part);
  return [...range.getClientRects()].filter(onScreen);
}

/** Whether any box seen before is not at the same place after, within `seenMove`. */
function moved(before: DOMRect[], after: DOMRect[]): boolean {
  return (
    after.length !== before.length ||
    after.some((box, index) => {
      const was = before[index];
      return (
        !was || Math.max(Math.abs(box.left - was.left), Math.abs(box.top - was.top)) >= seenMove
      );
    })
  );
}

/**
 * Whether the page getting shorter by as much as `box`'s height would pull the screen up: near
 * the page's end, the browser keeps the screen within the page.
 */
function nearTheEnd(box: DOMRect): boolean {
  return document.documentElement.scrollHeight - innerHeight - scrollY < box.height;
}

/**
 * Whether a part off screen, whose box is `box`, can switch without moving what is seen: below
 * the screen, or above it where the browser keeps the screen's content in place as the part's
 * height changes (scroll anchoring, which Safari lacks), and not near the page's end.
 */
function canSwitchOffScreen(box: DOMRect): boolean {
  // No box at all: not drawn (a carousel's hidden slide), it moves nothing.
  if (box.top >= innerHeight || (box.width === 0 && box.height === 0)) return true;
  return CSS.supports("overflow-anchor", "auto") && !nearTheEnd(box);
}

/**
 * Switches `part` to Public Sans unless that would move something seen, and says whether it did.
 * Off screen, its text may wrap differently, and only its height can move what is seen. On
 * screen, a part whose text there would move is put back as it was before any frame is drawn;
 * near the page's end it is not tried: laid out shorter even for a moment, it would pull the
 * screen up for good.
 */
function switchUnlessSomethingSeenMoves(part: Element): boolean {
  const box = part.getBoundingClientRect();
  if (!onScreen(box)) {
    if (!canSwitchOffScreen(box)) return false;
    part.removeAttribute(fontPending);
    return true;
  }
  if (nearTheEnd(box)) return false;
  const before = boxesSeen(part);
  part.removeAttribute(fontPending);
  if (!moved(before, boxesSeen(part))) return true;
  part.setAttribute(fontPending, "");
  return false;
}

/** Gives each part of the page Public Sans, a step per frame. */
async function switchInSteps(): Promise<void> {
  const steps = switchSteps(document.body);
  // Each part keeps the local font on its own while the root lets go of it.
  for (const element of steps.flat()) element.setAttribute(fontPending, "");
  document.documentElement.removeAttribute(fontPending);
  // A part left in the local font switches once off screen, where that moves nothing seen.
  let offScreen: IntersectionObserver | undefined;
  for (const step of steps) {
    await afterNextFrame();
    for (const element of step) {
      if (switchUnlessSomethingSeenMoves(element)) continue;
      offScreen ??= new IntersectionObserver((entries) => {
        for (const { target, isIntersecting } of entries) {
          if (!isIntersecting && switchUnlessSomethingSeenMoves(target))
            offScreen?.unobserve(target);
        }
      });
      offScreen.observe(element);
    }
  }
}

/**
 * Switches a page still in the local font to Public Sans once its file is here. A file that
 * fails to come leaves the local font, as `optional` did.
 */
export function switchToPublicSansWhenLoaded(): Promise<void> {
  return loadFrenchFont().then(switchInSteps, () => undefined);
}
