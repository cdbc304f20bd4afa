// @ts-check
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { baseUrl, launch, openPage, screenshotDir } from "./browser.mjs";
import { storedLeads } from "./stored-leads.mjs";

const success = "Votre demande a été envoyée avec succès ! Nous vous recontacterons sous 24h.";

const visitor = {
  Prénom: "  Hélène ",
  Nom: "N’Diaye-Lefèvre",
  "Email professionnel": "h.ndiaye@oph-exemple.fr",
  Téléphone: "+262 692 12 34 56",
  Organisme: "Office public de l'habitat de La Réunion",
  "Décrivez vos besoins": "Environ 300 dossiers d'impayés de plus de trois mois sur notre parc.",
};

/** @param {import("playwright-core").Page} page */
async function fillForm(page) {
  const form = page.getByRole("form", { name: "Demande de devis" });
  for (const [label, value] of Object.entries(visitor))
    await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByRole("checkbox").check();
  return form;
}

/**
 * As a person types: key by key, about 25 characters a second.
 * @param {import("playwright-core").Page} page
 */
async function typeForm(page) {
  const form = page.getByRole("form", { name: "Demande de devis" });
  for (const [label, value] of Object.entries(visitor))
    await form.getByLabel(label, { exact: true }).pressSequentially(value, { delay: 40 });
  await form.getByRole("checkbox").check();
  return form;
}

/** @type {import("playwright-core").Browser} */
let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

describe("a visitor requests a quote", () => {
  it("against the embedded endpoint: banner, reset form, one line on disk", async () => {
    const page = await openPage(browser, { width: 360 });
    /** @type {string[]} */
    const workers = [];
    page.on("worker", (worker) => workers.push(worker.url()));
    /** @type {import("playwright-core").Request[]} */
    const sent = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/contact")) sent.push(request);
    });
    await page.goto(`${baseUrl}/#contact`, { waitUntil: "networkidle" });
    const before = (await storedLeads(visitor["Email professionnel"])).length;
    const form = await typeForm(page);
    const submit = form.getByRole("button", { name: "Envoyer ma demande" });
    assert.ok(await submit.isEnabled());
    await submit.dblclick();
    await page.getByText(success).waitFor();
    await page.screenshot({ path: `${screenshotDir}/formulaire-envoye-360.png`, fullPage: false });
    assert.equal(await form.getByLabel("Prénom", { exact: true }).inputValue(), "");
    const lines = await storedLeads(visitor["Email professionnel"]);
    assert.equal(lines.length, before + 1);
    assert.equal(lines.at(-1).request.firstName, "Hélène");
    assert.equal(lines.at(-1).request.phone, "+262 692 12 34 56");
    // A person typing at an ordinary pace: accepted as before, not held as suspect.
    assert.equal(lines.at(-1).quarantine, null);
    // The proof of work was solved in a worker from the site's own origin, while typing, and
    // went in a header: the body is the seven fields of docs/product.md.
    assert.equal(workers.length, 1);
    assert.equal(new URL(/** @type {string} */ (workers[0])).origin, new URL(baseUrl).origin);
    assert.equal(sent.length, 1);
    const [request] = /** @type {[import("playwright-core").Request]} */ (sent);
    assert.match(request.headers()["altcha"] ?? "", /^[A-Za-z0-9+/=]+$/);
    const body = request.postData();
    assert.ok(body, "the request has a body");
    assert.deepEqual(Object.keys(JSON.parse(body)).sort(), [
      "company",
      "email",
      "firstName",
      "lastName",
      "message",
      "phone",
      "rgpd",
    ]);
    assert.deepEqual(page.errors, []);
    assert.deepEqual(page.foreignRequests, []);
    await page.close();
  });

  it("a robot filling the hidden field through the page gets the same banner, and is held apart", async () => {
    const page = await openPage(browser);
    await page.goto(`${baseUrl}/#contact`, { waitUntil: "networkidle" });
    const form = await typeForm(page);
    // What a robot running the page's JavaScript does: fill every input, the hidden one too.
    await page.locator('input[name="website"]').fill("https://promo.example");
    await form.getByRole("button", { name: "Envoyer ma demande" }).click();
    await page.getByText(success).waitFor();
    const last = (await storedLeads(visitor["Email professionnel"])).at(-1);
    assert.match(last.quarantine.reason, /champ piège « Site web » rempli/);
    await page.close();
  });

  it("a submit before the challenge is solved waits under the spinner, then goes through", async () => {
    const page = await openPage(browser);
    /** @type {(value?: unknown) => void} */
    let release = () => {};
    const held = new Promise((resolve) => (release = resolve));
    await page.route("**/api/challenge", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${baseUrl}/#contact`, { waitUntil: "networkidle" });
    const form = await fillForm(page);
    await form.getByRole("button", { name: "Envoyer ma demande" }).click();
    const sending = form.getByRole("button", { name: "Envoi en cours..." });
    await sending.waitFor();
    assert.ok(await sending.isDisabled());
    release();
    await page.getByText(success).waitFor();
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  it("a refused proof of work shows the French toast, keeps the input, and a retry goes through", async () => {
    const page = await openPage(browser);
    let strip = true;
    // The first request loses its solution on the way, as a request with a forged one would.
    await page.route("**/api/contact", (route) => {
      const headers = { ...route.request().headers() };
      if (strip) delete headers["altcha"];
      strip = false;
      return route.continue({ headers });
    });
    await page.goto(`${baseUrl}/#contact`, { waitUntil: "networkidle" });
    const form = await typeForm(page);
    const submit = form.getByRole("button", { name: "Envoyer ma demande" });
    await submit.click();
    await page
      .getByRole("alert")
      .filter({ hasText: "La vérification anti-robot a échoué, veuillez réessayer" })
      .waitFor();
    assert.equal(await form.getByLabel("Nom", { exact: true }).inputValue(), visitor.Nom);
    await submit.click();
    await page.getByText(success).waitFor();
    page.errors = page.errors.filter((error) => !/Failed to load resource/.test(error));
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  it("shows each field's error once touched, and keeps the button disabled", async () => {
    const page = await openPage(browser);
    await page.goto(`${baseUrl}/#contact`, { waitUntil: "networkidle" });
    const form = page.getByRole("form", { name: "Demande de devis" });
    const phone = form.getByLabel("Téléphone", { exact: true });
    await phone.fill("01 23 45 67 8");
    await phone.blur();
    await form
      .getByText("Format de téléphone français invalide (ex: 01 23 45 67 89 ou +33 1 23 45 67 89)")
      .waitFor();
    assert.equal(await phone.getAttribute("aria-invalid"), "true");
    assert.ok(await form.getByRole("button", { name: "Envoyer ma demande" }).isDisabled());
    await page.close();
  });
});

describe("a failing API keeps the visitor's input", () => {
  /** @type {{ name: string, route: (route: import("playwright-core").Route) => Promise<void>, toast: string }[]} */
  const failures = [
    {
      name: "422 with details",
      route: (route) =>
        route.fulfill({
          status: 422,
          contentType: "application/json",
          body: JSON.stringify({
            messageText: "Certains champs sont invalides",
            details: [{ field: "email", message: "Adresse refusée par le serveur" }],
          }),
        }),
      toast: "Adresse refusée par le serveur",
    },
    {
      name: "500 with a messageText",
      route: (route) =>
        route.fulfill({
          status: 500,
          contentType: "application/json",
          body: JSON.stringify({ messageText: "Service momentanément indisponible" }),
        }),
      toast: "Service momentanément indisponible",
    },
    {
      name: "500 without a body",
      route: (route) => route.fulfill({ status: 500, body: "" }),
      toast: "Une erreur est survenue",
    },
    {
      name: "no answer at all",
      route: (route) => route.abort("connectionrefused"),
      toast: "Une erreur est survenue",
    },
  ];

  for (const failure of failures) {
    it(`${failure.name}: the toast says "${failure.toast}", the input stays, a retry works`, async () => {
      const page = await openPage(browser);
      let calls = 0;
      /** @type {(string | undefined)[]} */
      const keys = [];
      await page.route("**/api/contact", (route) => {
        calls += 1;
        keys.push(route.request().headers()["idempotency-key"]);
        return failure.route(route);
      });
      await page.goto(`${baseUrl}/#contact`, { waitUntil: "networkidle" });
      const form = await fillForm(page);
      const submit = form.getByRole("button", { name: "Envoyer ma demande" });
      await submit.click();
      const toast = page.getByRole("alert").filter({ hasText: failure.toast });
      await toast.waitFor();
      const box = await toast.boundingBox();
      assert.ok(box, "the toast is shown");
      assert.ok(box.x > 1280 / 2 && box.y < 200, "the toast sits at the top right");
      assert.equal(await form.getByLabel("Nom", { exact: true }).inputValue(), visitor.Nom);
      assert.ok(await form.getByRole("checkbox").isChecked());
      const retried = page.waitForRequest("**/api/contact");
      await submit.click();
      // Answered, or failed (null); then handled: the button is back from "Envoi en cours...".
      await (await retried).response();
      await page.waitForFunction(() => {
        const button = document.querySelector("#contact button[type=submit]");
        return button?.textContent === "Envoyer ma demande" && !button.hasAttribute("disabled");
      });
      assert.equal(calls, 2);
      assert.equal(keys[0], keys[1], "a retry of the same content reuses its Idempotency-Key");
      assert.equal(
        await page.getByRole("alert").filter({ hasText: failure.toast }).count(),
        1,
        "one toast, not stacked",
      );
      await page.screenshot({
        path: `${screenshotDir}/erreur-${failures.indexOf(failure)}-1280.png`,
      });
      page.errors = page.errors.filter(
        (error) => !/Failed to load resource|api\/contact/.test(error),
      );
      assert.deepEqual(page.errors, []);
      await page.close();
    });
  }
});
