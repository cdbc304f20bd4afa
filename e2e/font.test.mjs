// @ts-check
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { baseUrl, launch, openPage } from "./browser.mjs";

// Public Sans comes after the first paint on a first visit (src/islands/font-after-paint.ts): the
// text is on screen in the metric-matched local font, then in Public Sans, and the switch moves
// nothing a visitor would see move. A page reached from the site is in Public Sans from the start.
const frenchFile = /\/static\/public-sans-french-wght-400-700-[0-9a-f]+\.woff2$/;

/** @type {import("playwright-core").Browser} */
let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** @param {import("playwright-core").Page} page */
function fontRequests(page) {
  /** @type {string[]} */
  const urls = [];
  page.on("request", (request) => {
    if (request.resourceType() === "font") urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

/** Resolves once the page draws its text in Public Sans. @param {import("playwright-core").Page} page */
async function publicSansShown(page) {
  await page.waitForFunction(
    () =>
      !document.documentElement.hasAttribute("data-font-pending") &&
      [...document.fonts].some(
        // A face added by script keeps its family's quotes.
        (face) =>
          face.family.replaceAll('"', "") === "Public Sans Variable" && face.status === "loaded",
      ),
  );
  // Two frames: the switch is laid out and painted, and any shift it caused is reported.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
  return page.evaluate(() => getComputedStyle(document.body).fontFamily.split(",")[0]?.trim());
}

/** The page's layout shifts so far, each one's score. @param {import("playwright-core").Page} page */
function layoutShifts(page) {
  return page.evaluate(
    () =>
      /** @type {Promise<number[]>} */ (
        new Promise((done) => {
          new PerformanceObserver((list) =>
            done(list.getEntries().map((entry) => /** @type {any} */ (entry).value)),
          ).observe({ type: "layout-shift", buffered: true });
          // No shift at all reports no entry.
          setTimeout(() => done([]), 200);
        })
      ),
  );
}

describe("the typeface", () => {
  // 412 px: the phone Lighthouse's mobile runs emulate (npm run bench).
  for (const width of [360, 412, 1280]) {
    for (const path of ["/", "/mentions-legales", "/locataires"]) {
      it(`${path} at ${width} px, first visit: text painted before the font is asked for, then Public Sans${path === "/" ? ", and nothing shifts" : ""}`, async () => {
        const page = await openPage(browser, { width });
        const fonts = fontRequests(page);
        await page.goto(baseUrl + path, { waitUntil: "load" });
        assert.equal(await publicSansShown(page), '"Public Sans Variable"');
        const { paint, asked } = await page.evaluate(() => ({
          paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
          asked: performance
            .getEntriesByType("resource")
            .find((entry) => entry.name.includes("/public-sans-french-"))?.startTime,
        }));
        assert.ok(
          paint !== undefined && asked !== undefined && asked >= paint,
          `${asked} ${paint}`,
        );
        assert.equal(fonts.filter((url) => frenchFile.test(url)).length, 1);
        // The other pages still shift by a few pixels where a line's text follows a bold label
        // or a date (0.0001–0.004): docs/performance.md, "The LCP of `/`".
        if (path === "/") assert.deepEqual(await layoutShifts(page), []);
        await page.close();
      });
    }
  }

  it("a page reached from the site is drawn in Public Sans from its first paint", async () => {
    const page = await openPage(browser, { width: 1280 });
    await page.goto(baseUrl, { waitUntil: "load" });
    await publicSansShown(page);
    await page.goto(`${baseUrl}/mentions-legales`, { waitUntil: "load", referer: `${baseUrl}/` });
    assert.equal(await page.locator("html").getAttribute("data-font-pending"), null);
    assert.equal(await publicSansShown(page), '"Public Sans Variable"');
    await page.close();
  });

  it("without JavaScript, the page preloads the font", async () => {
    const page = await openPage(browser, { width: 360, javaScriptEnabled: false });
    const fonts = fontRequests(page);
    await page.goto(baseUrl, { waitUntil: "load" });
    assert.equal(fonts.filter((url) => frenchFile.test(url)).length, 1);
    await page.close();
  });
});
