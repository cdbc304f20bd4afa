// @ts-check
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import { tsImport } from "tsx/esm/api";
import { baseUrl, launch, openPage } from "./browser.mjs";
import { storedLeads } from "./stored-leads.mjs";

// The site as the production server sends it: the headers of public/_headers, read with the
// server's own parser, so the browser enforces the real Content-Security-Policy. Any violation
// (a script, style, image, font or connection the policy refuses) fails the test, and the page
// must still work.

const { headersFor, parseHeadersFile } =
  /** @type {typeof import("../src/server/http/host-headers.ts")} */ (
    await tsImport("../src/server/http/host-headers.ts", import.meta.url)
  );
const rules = parseHeadersFile(readFileSync("public/_headers", "utf8"));

/**
 * The headers _headers gives `rulePath`, each with its exact value, and no CORS or X-Powered-By.
 * @param {Record<string, string>} headers
 * @param {string} rulePath
 */
function assertHostHeaders(headers, rulePath) {
  const expected = headersFor(rules, rulePath);
  assert.ok(expected.size > 0, rulePath);
  for (const [name, value] of expected) assert.equal(headers[name], value, name);
  for (const name of Object.keys(headers)) {
    assert.doesNotMatch(name, /^(x-powered-by|access-control-)/, name);
  }
}

/**
 * A page that records the Content-Security-Policy's violations, and the window of that page, where
 * Playwright exposes the function they are reported through.
 * @typedef {import("./browser.mjs").WatchedPage & { violations: string[] }} PolicyWatchedPage
 * @typedef {typeof window & { reportViolation: (violation: string) => void }} ReportingWindow
 */

/**
 * A page that records CSP violations, as events and as console messages.
 * @param {import("playwright-core").Browser} browser
 * @param {Parameters<typeof openPage>[1]} [options]
 */
async function openWatched(browser, options) {
  const page = /** @type {PolicyWatchedPage} */ (await openPage(browser, options));
  page.violations = [];
  await page.exposeFunction("reportViolation", (/** @type {string} */ violation) =>
    page.violations.push(violation),
  );
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      /** @type {ReportingWindow} */ (window).reportViolation(
        `${event.effectiveDirective} refused ${event.blockedURI}`,
      );
    });
  });
  page.on("console", (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text())) {
      page.violations.push(message.text());
    }
  });
  return page;
}

/** @type {import("playwright-core").Browser} */
let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

describe("under the headers of public/_headers", () => {
  for (const path of [
    "/",
    "/mentions-legales",
    "/politique-confidentialite",
    "/conditions-generales",
    "/contact",
  ]) {
    it(`${path}: served with its policy, Brotli-compressed, no violation, no error`, async () => {
      const page = await openWatched(browser);
      const response = await page.goto(baseUrl + path, { waitUntil: "networkidle" });
      assert.ok(response, "the page was served");
      const headers = response.headers();
      assert.ok(headersFor(rules, path).get("content-security-policy"));
      assertHostHeaders(headers, path);
      // The build's own Brotli copy (Chromium accepts br).
      assert.equal(headers["content-encoding"], "br");
      // Scroll through the page so lazy images load under the policy too.
      // Each step drawn (two frames) before the next, so each lazy image's load has started.
      await page.evaluate(async () => {
        const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await frame();
          await frame();
        }
      });
      // A lazy image passed in a few frames may not have started (/contact opens at the form, far
      // below the hero): each one still loading is brought into view until it has loaded.
      await page.evaluate(async () => {
        for (const image of document.images) {
          if (image.complete) continue;
          image.scrollIntoView();
          await new Promise((resolve) => {
            image.addEventListener("load", resolve, { once: true });
            image.addEventListener("error", resolve, { once: true });
          });
        }
      });
      await page.waitForLoadState("networkidle");
      assert.deepEqual(page.violations, []);
      assert.deepEqual(page.errors, []);
      await page.close();
    });
  }

  it("every file the landing page loads carries the headers _headers gives its path", async () => {
    const page = await openWatched(browser);
    /** @type {import("playwright-core").Response[]} */
    const responses = [];
    page.on("response", (response) => {
      if (response.url().startsWith(baseUrl)) responses.push(response);
    });
    await page.goto(baseUrl, { waitUntil: "networkidle" });
    /** @type {Set<string>} */
    const kinds = new Set();
    for (const response of responses) {
      const { pathname } = new URL(response.url());
      // The audience beacon (src/islands/audience.ts) is answered without a body, under the same
      // headers; everything else the page loads is a file.
      const beacon = pathname === "/api/audience" && response.request().method() === "POST";
      assert.equal(response.status(), beacon ? 204 : 200, pathname);
      assertHostHeaders(response.headers(), pathname);
      kinds.add(response.headers()["cache-control"] ?? "none");
    }
    // Pages and page data revalidated, bundles immutable: both kinds of rule were met.
    assert.ok(kinds.has("public, max-age=0, must-revalidate"));
    assert.ok(kinds.has("public, max-age=31536000, immutable"));
    await page.close();
  });

  it("the scripts run: the menu opens and the testimonials answer their controls", async () => {
    const page = await openWatched(browser, { width: 360, reducedMotion: "reduce" });
    await page.goto(baseUrl, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Menu" }).click();
    assert.ok(await page.getByRole("navigation", { name: "Navigation principale" }).isVisible());
    await page.keyboard.press("Escape");
    const quote = () =>
      page
        .locator("#temoignages [aria-roledescription='témoignage']:not([hidden]) blockquote")
        .innerText();
    const first = await quote();
    await page.getByRole("button", { name: "Afficher le témoignage 2 sur 3" }).click();
    assert.notEqual(await quote(), first);
    assert.deepEqual(page.violations, []);
    await page.close();
  });

  it("the quote form sends to the embedded endpoint and confirms", async () => {
    const page = await openWatched(browser);
    await page.goto(`${baseUrl}/contact`, { waitUntil: "networkidle" });
    const form = page.getByRole("form", { name: "Demande de devis" });
    const fields = {
      Prénom: "Claire",
      Nom: "Martin",
      "Email professionnel": "c.martin@oph-exemple.fr",
      Téléphone: "01 23 45 67 89",
      Organisme: "Office public de l'habitat de Nantes",
      "Décrivez vos besoins": "Une centaine de dossiers d'impayés à confier chaque mois.",
    };
    for (const [label, value] of Object.entries(fields)) {
      await form.getByLabel(label, { exact: true }).fill(value);
    }
    await form.getByRole("checkbox").check();
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith("/api/contact")),
      form.getByRole("button", { name: "Envoyer ma demande" }).click(),
    ]);
    assert.equal(answer.status(), 201);
    assertHostHeaders(answer.headers(), "/api/contact");
    await page
      .getByText("Votre demande a été envoyée avec succès ! Nous vous recontacterons sous 24h.")
      .waitFor();
    const companies = (await storedLeads("c.martin@oph-exemple.fr")).map(
      (lead) => lead.request.company,
    );
    assert.ok(companies.includes("Office public de l'habitat de Nantes"));
    assert.deepEqual(page.violations, []);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  it("an unknown path shows the landing page with status 404 and no violation", async () => {
    const page = await openWatched(browser);
    const response = await page.goto(`${baseUrl}/une-page-inconnue`, {
      waitUntil: "networkidle",
    });
    assert.ok(response, "the page was served");
    assert.equal(response.status(), 404);
    assert.match(await page.locator("h1").innerText(), /Recouvrez vos impayés/);
    // 404.html's own headers, its policy included.
    assertHostHeaders(response.headers(), "/404.html");
    // The console reports the 404 answers themselves; only policy violations count here.
    assert.deepEqual(page.violations, []);
    await page.close();
  });
});
