// @ts-check
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { baseUrl, launch, openPage } from "./browser.mjs";

// The tab's icon is named after the first paint (src/islands/tab-icon.ts): until then the head's
// icon is the empty `data:,`, which the site's policy allows as an image, so that the browser asks
// neither for it nor for /favicon.ico while the page loads.

/** @type {import("playwright-core").Browser} */
let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

describe("the tab's icon", () => {
  for (const path of ["/", "/mentions-legales"]) {
    it(`${path}: named once the page is painted, a 48 px PNG, with no error in the console`, async () => {
      const page = await openPage(browser, { width: 360 });
      await page.goto(baseUrl + path, { waitUntil: "load" });
      const icon = page.locator('link[rel="icon"]');
      await page.waitForFunction(
        () => document.querySelector('link[rel="icon"]')?.getAttribute("href") !== "data:,",
      );
      const href = await icon.getAttribute("href");
      assert.equal(href, "/favicon-48x48.png");
      const response = await page.request.get(baseUrl + href);
      assert.equal(response.status(), 200);
      assert.equal(response.headers()["content-type"], "image/png");
      // openPage collects the console's errors (a policy refusing `data:,` would log one).
      assert.deepEqual(page.errors, []);
      await page.close();
    });
  }
});
