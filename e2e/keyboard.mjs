// @ts-check
// The keyboard's walk through a page, as the accessibility suites check it: each Tab stop in
// page order, its focus drawn and uncovered, the previous stop drawn differently once left.
import assert from "node:assert/strict";
import { focusIndicator } from "./contrast.mjs";

/**
 * A Tab stop as `tab` checks it: its name, tag and type, its place on the page, whether it is
 * uncovered and follows the previous stop, how the previous stop is drawn now, and how its own
 * focus is drawn.
 * @typedef {{ outline: string, boxShadow: string, border: string, background: string }} Drawn
 * @typedef {{ name: string, tag: string, type: string | null, top: number, left: number,
 *   uncovered: boolean, follows: boolean, previousNow: Drawn | null, drawn: Drawn,
 *   ringContrast: number | null }} Stop
 * The focused element, which may have labels (a field) and may not have innerText (SVG), and the
 * window, where `tab` keeps the previous stop.
 * @typedef {Element & { labels?: NodeListOf<HTMLLabelElement> | null, innerText?: string }} Focused
 * @typedef {typeof window & { __lastStop?: Element }} StopWindow
 */

/**
 * Resolves once the page has stopped scrolling (focus scrolls smoothly into view): at the
 * `scrollend` of a scroll under way, or after three frames without a scroll event. A smooth
 * scroll fires one each frame; scroll anchoring (content above the view changing height) fires
 * `scroll` without any `scrollend`, so that alone must not be waited for.
 * @param {import("playwright-core").Page} page
 */
function scrolled(page) {
  return page.evaluate(
    () =>
      /** @type {Promise<void>} */ (
        new Promise((resolve) => {
          let quietFrames = 0;
          const onScroll = () => (quietFrames = 0);
          const done = () => {
            window.removeEventListener("scroll", onScroll);
            window.removeEventListener("scrollend", done);
            resolve();
          };
          window.addEventListener("scroll", onScroll);
          window.addEventListener("scrollend", done);
          const check = () => {
            quietFrames += 1;
            if (quietFrames >= 3) done();
            else requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        })
      ),
  );
}

/**
 * Presses Tab and returns the new stop after checking it: it comes after the previous stop in
 * the page, its focus is drawn (an outline or a shadow; an outline at 3:1 against the colours on
 * either side of it, WCAG 1.4.11), nothing covers it, and the previous stop, now unfocused, looks
 * different from how it looked focused. Returns null once focus has left the page.
 * @param {import("playwright-core").Page} page
 * @param {Stop[]} stops the stops so far, to which the new one is added
 * @returns {Promise<Stop | null>}
 */
export async function tab(page, stops) {
  await page.keyboard.press("Tab");
  await scrolled(page);
  const step = await page.evaluate(() => {
    const element = /** @type {Focused | null} */ (document.activeElement);
    if (!element || element === document.body) return null;
    const scope = /** @type {StopWindow} */ (window);
    const previous = scope.__lastStop;
    scope.__lastStop = element;
    /** @param {CSSStyleDeclaration} style */
    const drawn = (style) => ({
      outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
      boxShadow: style.boxShadow,
      border: style.borderColor,
      background: style.backgroundColor,
    });
    const box = element.getBoundingClientRect();
    // A link wrapped over two lines has a box larger than its text: test its first line.
    const line = element.getClientRects()[0] ?? box;
    const label = element.labels?.[0]?.innerText.split("\n")[0];
    return {
      name: (element.getAttribute("aria-label") ?? label ?? element.innerText ?? "").trim(),
      tag: element.tagName.toLowerCase(),
      type: element.getAttribute("type"),
      top: box.top + window.scrollY,
      left: box.left,
      uncovered: element.contains(
        document.elementFromPoint(line.left + line.width / 2, line.top + line.height / 2),
      ),
      follows:
        !previous ||
        Boolean(previous.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING),
      previousNow: previous ? drawn(getComputedStyle(previous)) : null,
    };
  });
  if (step === null) return null;
  const indicator = await focusIndicator(page);
  if (!indicator) throw new Error(`Focus left the page while stop ${stops.length + 1} was read`);
  const { drawn, ringContrast } = indicator;
  const where = `stop ${stops.length + 1} (${step.tag} « ${step.name} »)`;
  assert.ok(step.follows, `${where} comes after the previous stop in the page`);
  assert.ok(
    !/^none|\s0px\s/.test(drawn.outline) || drawn.boxShadow !== "none",
    `${where} shows its focus`,
  );
  if (ringContrast !== null)
    assert.ok(ringContrast >= 3, `${where}: focus ring at ${ringContrast.toFixed(2)}:1`);
  assert.ok(step.uncovered, `${where} is not hidden under another element`);
  if (stops.length > 0 && step.previousNow)
    assert.notDeepEqual(
      step.previousNow,
      /** @type {Stop} */ (stops.at(-1)).drawn,
      `stop ${stops.length} looks different once it has lost focus`,
    );
  const stop = { ...step, drawn, ringContrast };
  stops.push(stop);
  return stop;
}

/**
 * The next Tab stop, checked as `tab` does, where focus must still be on the page.
 * @param {import("playwright-core").Page} page
 * @param {Stop[]} stops
 */
export async function nextStop(page, stops) {
  const stop = await tab(page, stops);
  if (!stop) throw new Error(`Focus left the page after stop ${stops.length}`);
  return stop;
}
