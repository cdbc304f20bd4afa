// @ts-check
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { baseUrl, formChecksWhatIsTyped, launch, openPage } from "./browser.mjs";

// React reports a failed hydration as a recoverable error (`reportError`, seen as a page error):
// minified error #418 (HTML differs), #419, #421–#423 (a boundary or the whole root switched to
// client rendering), #425 (text differs). Any other console or page error fails the test too;
// these are only named as hydration errors in its message.
const hydrationError = /Minified React error #(41[89]|42[0-5])\b|hydrat/iu;

// A phone-class CPU, as Lighthouse's mobile profile assumes: the page's own tasks take four times
// longer, which widens every gap between the HTML, the start-up script and the form's island.
const cpuSlowdown = 4;
const loadsPerPage = Number(process.env.HYDRATION_LOADS ?? 20);

/** @type {import("playwright-core").Browser} */
let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/**
 * Loads `path` in a fresh context (empty cache, as a first visit) on a slowed-down CPU. The page's
 * one script is a module, run by the load event. Where the page has the quote form, jumps to it
 * (the header's "Contact"), which brings the form's island, and checks that React hydrated it
 * (it then checks what is typed). Then jumps to the skip link's anchor and back (what the skip
 * link, the header's links to the landing sections and the back button do); returns the errors
 * seen, whether the form hydrated, and whether it is still there.
 * @param {string} path
 * @param {{ width: number }} options
 */
async function loadOnce(path, { width }) {
  const page = await openPage(browser, { width, height: 800 });
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
    await page.goto(baseUrl + path, { waitUntil: "load" });
    let hydrated = true;
    if ((await page.locator('[data-island="quote-form"]').count()) > 0) {
      await page.evaluate(() => {
        window.location.hash = "#contact";
      });
      const form = page.getByRole("form", { name: "Demande de devis" });
      hydrated = await formChecksWhatIsTyped(form, { timeout: 15_000 }).then(
        () => true,
        () => false,
      );
    }
    const formsBefore = await page.locator("form").count();
    await page.evaluate(
      () =>
        new Promise((resolve) => {
          window.addEventListener("hashchange", resolve, { once: true });
          window.location.hash = "#contenu";
        }),
    );
    await page.goBack({ waitUntil: "commit" });
    await page.waitForFunction(() => window.location.hash !== "#contenu");
    // What runs after the jump back (the form's effects, the carousel) has run once the main
    // thread is idle.
    await page.evaluate(
      () => new Promise((resolve) => requestIdleCallback(() => resolve(undefined))),
    );
    const formsAfter = await page.locator("form").count();
    return { hydrated, formKept: formsAfter === formsBefore, errors: [...page.errors] };
  } finally {
    await page.context().close();
  }
}

describe("first visits under a 4× CPU slowdown", () => {
  for (const path of ["/", "/mentions-legales"]) {
    it(`${path}: ${loadsPerPage} first visits and a jump to an anchor, no hydration or console error`, async () => {
      const failures = [];
      for (let load = 1; load <= loadsPerPage; load += 1) {
        // Phone and desktop widths alternate: the header's menu differs between them.
        const width = load % 2 ? 360 : 1280;
        const { hydrated, formKept, errors } = await loadOnce(path, { width });
        if (!hydrated) failures.push(`load ${load} (${width} px): the form never hydrated`);
        if (!formKept) failures.push(`load ${load} (${width} px): the quote form went away`);
        for (const error of errors) {
          const kind = hydrationError.test(error) ? "hydration error" : "console error";
          failures.push(`load ${load} (${width} px): ${kind}: ${error}`);
        }
      }
      assert.deepEqual(failures, []);
    });
  }
});
