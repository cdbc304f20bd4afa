import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import { launch, openPage } from "./browser.mjs";
import { headersFor, parseHeadersFile } from "./static-host.mjs";

// The site as the static host serves it: e2e/static-host.mjs applies public/_headers exactly, so
// the browser enforces the real Content-Security-Policy. Any violation (a script, style, image,
// font or connection the policy refuses) fails the test, and the page must still work.

const hostUrl = process.env.E2E_HOST_URL ?? "http://localhost:9410";
const quoteFile = process.env.E2E_QUOTE_FILE;
const rules = parseHeadersFile(readFileSync("public/_headers", "utf8"));

/** A page that records CSP violations, as events and as console messages. */
async function openWatched(browser, options) {
  const page = await openPage(browser, options);
  page.violations = [];
  await page.exposeFunction("reportViolation", (violation) => page.violations.push(violation));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      window.reportViolation(`${event.effectiveDirective} refused ${event.blockedURI}`);
    });
  });
  page.on("console", (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text())) {
      page.violations.push(message.text());
    }
  });
  return page;
}

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
    it(`${path}: served with its policy, gzipped, no violation, no error`, async () => {
      const page = await openWatched(browser);
      const response = await page.goto(hostUrl + path, { waitUntil: "networkidle" });
      const headers = response.headers();
      const expected = headersFor(rules, path);
      assert.ok(expected.get("content-security-policy"));
      for (const [name, value] of expected) assert.equal(headers[name], value, name);
      assert.equal(headers["content-encoding"], "gzip");
      // Scroll through the page so lazy images load under the policy too.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      });
      await page.waitForLoadState("networkidle");
      assert.deepEqual(page.violations, []);
      assert.deepEqual(page.errors, []);
      await page.close();
    });
  }

  it("the scripts run: the menu opens and the testimonials answer their controls", async () => {
    const page = await openWatched(browser, { width: 360, reducedMotion: "reduce" });
    await page.goto(hostUrl, { waitUntil: "networkidle" });
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
    await page.goto(`${hostUrl}/contact`, { waitUntil: "networkidle" });
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
    await page
      .getByText("Votre demande a été envoyée avec succès ! Nous vous recontacterons sous 24h.")
      .waitFor();
    const stored = existsSync(quoteFile) ? readFileSync(quoteFile, "utf8") : "";
    assert.match(stored, /"company":"Office public de l'habitat de Nantes"/);
    assert.deepEqual(page.violations, []);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  it("an unknown path shows the landing page with status 404 and no violation", async () => {
    const page = await openWatched(browser);
    const response = await page.goto(`${hostUrl}/une-page-inconnue`, {
      waitUntil: "networkidle",
    });
    assert.equal(response.status(), 404);
    assert.match(await page.locator("h1").innerText(), /Recouvrez vos impayés/);
    assert.equal(response.headers()["x-frame-options"], "DENY");
    // The console reports the 404 answers themselves; only policy violations count here.
    assert.deepEqual(page.violations, []);
    await page.close();
  });
});
