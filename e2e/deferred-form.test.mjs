// @ts-check
import { storedLeads } from "./stored-leads.mjs";
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { baseUrl, formChecksWhatIsTyped, launch, openPage } from "./browser.mjs";

// The form's code is an island of its own (src/islands/quote-form.tsx), loaded on demand.
const formChunk = /\/islands\/quote-form-[A-Z0-9]+\.js$/;

/** @type {import("playwright-core").Browser} */
let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** @param {import("playwright-core").Page} page */
function scriptRequests(page) {
  /** @type {string[]} */
  const urls = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

describe("the quote form's code", () => {
  for (const width of [360, 1280]) {
    it(`at ${width} px, is not loaded with the page but as the visitor scrolls towards the form`, async () => {
      const page = await openPage(browser, { width });
      const scripts = scriptRequests(page);
      // The page's start-up script has run once the page painted.
      await page.goto(baseUrl, { waitUntil: "networkidle" });
      assert.ok(scripts.some((url) => /\/islands\/first-load-[A-Z0-9]+\.js$/.test(url)));
      assert.deepEqual(
        scripts.filter((url) => formChunk.test(url)),
        [],
      );
      // The whole form is in the static HTML from the start.
      const form = page.getByRole("form", { name: "Demande de devis" });
      assert.equal(await form.getByRole("textbox").count(), 6);

      const loaded = page.waitForRequest((request) => formChunk.test(request.url()));
      await page.locator("#contact").scrollIntoViewIfNeeded();
      await loaded;
      await formChecksWhatIsTyped(form);
      assert.deepEqual(page.errors, []);
      await page.close();
    });
  }

  it("is asked for again at the next reach into the form when a dropped connection lost it", async () => {
    const page = await openPage(browser, { width: 1280 });
    let attempts = 0;
    await page.route(formChunk, async (route) => {
      attempts += 1;
      if (attempts === 1) await route.abort("connectionreset");
      else await route.continue();
    });
    await page.goto(baseUrl, { waitUntil: "networkidle" });
    const failed = page.waitForEvent("requestfailed", (request) => formChunk.test(request.url()));
    await page.locator("#contact").scrollIntoViewIfNeeded();
    await failed;
    // The static form is still there, and the visitor's click into it asks again.
    const form = page.getByRole("form", { name: "Demande de devis" });
    const phone = form.getByLabel("Téléphone", { exact: true });
    const loaded = page.waitForResponse((response) => formChunk.test(response.url()));
    await phone.click();
    await loaded;
    await formChecksWhatIsTyped(form);
    assert.equal(attempts, 2);
    await page.close();
  });

  it("still loads when the address's fragment is not valid percent-encoding", async () => {
    const page = await openPage(browser, { width: 1280 });
    await page.goto(`${baseUrl}/#%E0%A4%A`, { waitUntil: "networkidle" });
    const loaded = page.waitForResponse((response) => formChunk.test(response.url()));
    await page.locator("#contact").scrollIntoViewIfNeeded();
    await loaded;
    const form = page.getByRole("form", { name: "Demande de devis" });
    await formChecksWhatIsTyped(form);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  it("keeps what the visitor typed before it arrived, and sends it", async () => {
    const page = await openPage(browser, { width: 360 });
    /** @type {(value?: unknown) => void} */
    let release = () => {};
    const held = new Promise((resolve) => (release = resolve));
    await page.route(formChunk, async (route) => {
      await held;
      await route.continue();
    });
    // /contact opens the page at the form, so its code is asked for at once, and held here.
    await page.goto(`${baseUrl}/contact`, { waitUntil: "load" });
    const form = page.getByRole("form", { name: "Demande de devis" });
    await form.getByLabel("Prénom", { exact: true }).fill("Gaëlle");
    await form.getByLabel("Nom", { exact: true }).fill("Hoarau");
    await form.getByRole("checkbox").check();

    release();
    await page.waitForResponse((response) => formChunk.test(response.url()));
    // Once hydrated, the form counts what is still missing, the typed fields not among them.
    await form
      .getByText("Encore 4 champs à compléter correctement pour envoyer votre demande.")
      .waitFor();
    assert.equal(await form.getByLabel("Prénom", { exact: true }).inputValue(), "Gaëlle");

    await form.getByLabel("Email professionnel", { exact: true }).fill("g.hoarau@shlmr.fr");
    await form.getByLabel("Téléphone", { exact: true }).fill("+262 262 12 34 56");
    await form.getByLabel("Organisme", { exact: true }).fill("SHLMR");
    await form
      .getByLabel("Décrivez vos besoins", { exact: true })
      .fill("Nous voudrions confier 120 dossiers d'impayés anciens.");
    await form.getByRole("button", { name: "Envoyer ma demande" }).click();
    await page.getByText(/Votre demande a été envoyée avec succès/).waitFor();
    const last = (await storedLeads("g.hoarau@shlmr.fr")).at(-1).request;
    assert.equal(last.firstName, "Gaëlle");
    assert.equal(last.lastName, "Hoarau");
    assert.equal(last.rgpd, true);
    assert.deepEqual(page.errors, []);
    await page.close();
  });
});

describe("the page's start-up script", () => {
  for (const path of ["/", "/mentions-legales"]) {
    it(`on ${path}, is fetched once the page's content is on screen, not with its first bytes`, async () => {
      const page = await openPage(browser, { width: 360 });
      await page.goto(`${baseUrl}${path}`);
      // Both times on the page's own clock: the paint the browser reports, the request it made.
      const { painted, fetched } = await page.evaluate(() => ({
        painted: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
        fetched: performance
          .getEntriesByType("resource")
          .find((entry) => /\/islands\/first-load-[A-Z0-9]+\.js$/.test(entry.name))?.startTime,
      }));
      assert.ok(painted !== undefined && fetched !== undefined, `${painted}, ${fetched}`);
      assert.ok(fetched >= painted, `fetched at ${fetched} ms, painted at ${painted} ms`);
      assert.deepEqual(page.errors, []);
      await page.close();
    });
  }
});
