// @ts-check
// The site's own audience measure in Chromium (docs/audience.md): a visitor's page view, the quote
// form's steps and the page's speed reach this site's /api/audience and nothing else, leave no
// cookie and no storage, and are counted under the day's hash; an automated browser is filtered;
// a visitor who refuses on the privacy policy's page, without a reload, sends nothing more.
import assert from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { after, before, describe, it } from "node:test";
import { chromium } from "playwright-core";
import {
  accessibilityViolations,
  baseUrl,
  launchOptions,
  openPage,
  screenshotDir,
} from "./browser.mjs";

/** What a person's Chrome says it is: headless Chromium names itself, and is taken for a robot. */
const personAgent =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

/** @type {import("playwright-core").Browser} */
let browser;
// A Chromium of this file's own, which says it is a person's Chrome everywhere: a page's last
// beacon, sent as it unloads, leaves with the browser's own User-Agent, not a context's.
before(async () => {
  browser = await chromium.launch({
    ...launchOptions,
    args: [...launchOptions.args, `--user-agent=${personAgent}`],
  });
});
after(async () => {
  await browser?.close();
});

/**
 * Rows of the server's audience tables (its embedded database, read beside it).
 * @param {string} sql
 * @returns {any[]}
 */
function rows(sql) {
  const db = new DatabaseSync(join(String(process.env.E2E_QUOTE_DB), "leads.sqlite"), {
    timeout: 5000,
  });
  try {
    return db.prepare(sql).all();
  } finally {
    db.close();
  }
}

/**
 * A page as a person's browser shows it: a browser's User-Agent, and the automation's
 * navigator.webdriver hidden, as it is outside a test (unless `person` is false). Each beacon's
 * body, as the page sends it, is collected in `beacons`.
 * @param {{ width?: number, person?: boolean }} options
 */
async function visitor({ width = 360, person = true } = {}) {
  const page = await openPage(browser, { width });
  if (person) {
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, "webdriver", { get: () => false }),
    );
  }
  /** @type {any[]} */
  const beacons = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/audience") {
      beacons.push(JSON.parse(request.postData() ?? "null"));
    }
  });
  return { page, beacons };
}

/** @param {() => boolean} condition */
async function until(condition, what = "the beacons") {
  for (let waited = 0; waited < 10_000; waited += 50) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.fail(`timed out waiting for ${what}`);
}

describe("the audience measure", () => {
  it("a visitor: a view, the form's steps and the speed, to this site alone, with no cookie or storage, counted", async () => {
    const { page, beacons } = await visitor();
    const counted = (/** @type {string} */ kind) =>
      Number(rows(`SELECT count(*) AS n FROM audience_events WHERE kind = '${kind}'`)[0].n);
    const before = { step: counted("step"), speed: counted("speed"), view: counted("view") };
    await page.goto(`${baseUrl}/?utm_source=lettre&utm_campaign=hiver`, { waitUntil: "load" });
    await until(() => beacons.some((beacon) => beacon.kind === "view"));
    const form = page.getByRole("form", { name: "Demande de devis" });
    await form.scrollIntoViewIfNeeded();
    await form.getByLabel("Prénom", { exact: true }).pressSequentially("Léa", { delay: 40 });
    await until(() => beacons.some((beacon) => beacon.step === "started"));
    // Leaving the page (for the next one): its speed goes as it is hidden, read by the server.
    await page.goto(`${baseUrl}/mentions-legales`, { waitUntil: "load" });
    await until(() => counted("speed") > before.speed, "the speed stored");
    await until(() => beacons.filter((beacon) => beacon.kind === "view").length === 2);

    assert.deepEqual(
      beacons
        .filter((beacon) => beacon.kind !== "speed")
        .map((beacon) => [beacon.kind, beacon.path, beacon.step]),
      [
        ["view", "/", undefined],
        ["step", "/", "seen"],
        ["step", "/", "started"],
        ["view", "/mentions-legales", undefined],
      ],
    );
    const [speed] = rows(
      "SELECT path, lcp_ms FROM audience_events WHERE kind = 'speed' ORDER BY seq DESC LIMIT 1",
    );
    assert.equal(speed.path, "/");
    assert.ok(speed.lcp_ms > 0, "the largest paint is measured");
    // No campaign value, no identifier in what the page sends.
    assert.doesNotMatch(JSON.stringify(beacons), /utm|lettre|hiver|visitor|id"/);
    assert.deepEqual(page.foreignRequests, []);
    assert.deepEqual(await page.context().cookies(), []);
    assert.deepEqual(
      await page.evaluate(async () => [
        localStorage.length,
        sessionStorage.length,
        (await indexedDB.databases()).length,
      ]),
      [0, 0, 0],
    );
    // Counted by the server: two views and two steps more, and nothing of the visitor.
    await until(
      () => counted("step") >= before.step + 2 && counted("view") >= before.view + 2,
      "the views and steps stored",
    );
    const stored = JSON.stringify(rows("SELECT * FROM audience_events"));
    assert.doesNotMatch(stored, /127\.0\.0\.1|Pixel|Mozilla|utm_/);
    await page.context().close();
  });

  it("an automated browser (navigator.webdriver) is filtered, and counted as such", async () => {
    const { page, beacons } = await visitor({ person: false, width: 1280 });
    const automated = () =>
      Number(
        rows(
          "SELECT coalesce(sum(hits), 0) AS n FROM audience_filtered WHERE class = 'automated'",
        )[0].n,
      );
    const before = automated();
    await page.goto(`${baseUrl}/`, { waitUntil: "load" });
    await until(() => beacons.length > 0);
    assert.equal(beacons[0].webdriver, true);
    await until(() => automated() > before, "the filtered hit");
    await page.context().close();
  });

  it("a visitor who refuses on the privacy policy's page, without a reload, sends nothing more; then accepts again", async () => {
    for (const width of [360, 1280]) {
      const { page, beacons } = await visitor({ width });
      await page.goto(`${baseUrl}/politique-confidentialite`, { waitUntil: "load" });
      const choice = page.getByRole("checkbox", {
        name: "Compter mes visites dans les statistiques anonymes du site",
      });
      await choice.scrollIntoViewIfNeeded();
      assert.equal(await choice.isChecked(), true);
      await page.screenshot({ path: `${screenshotDir}/mesure-audience-${width}.png` });
      assert.deepEqual(await accessibilityViolations(page), []);
      // By keyboard, as anyone may.
      await choice.focus();
      await page.keyboard.press("Space");
      await page
        .getByRole("status")
        .filter({ hasText: "Vos visites ne sont plus comptées" })
        .waitFor();
      assert.equal(await choice.isChecked(), false);
      assert.deepEqual(await page.evaluate(() => Object.entries(localStorage)), [
        ["mesure-audience", "non"],
      ]);
      const sentBefore = beacons.length;
      await page.goto(`${baseUrl}/`, { waitUntil: "load" });
      await page.goto(`${baseUrl}/mentions-legales`, { waitUntil: "load" });
      assert.equal(beacons.length, sentBefore, "nothing sent once refused");

      await page.goto(`${baseUrl}/politique-confidentialite`, { waitUntil: "load" });
      assert.equal(await choice.isChecked(), false);
      await choice.check();
      await page.getByRole("status").filter({ hasText: "Vos visites sont comptées" }).waitFor();
      assert.deepEqual(await page.evaluate(() => localStorage.length), 0);
      await page.goto(`${baseUrl}/`, { waitUntil: "load" });
      await until(() => beacons.length > sentBefore);
      await page.context().close();
    }
  });
});
