// @ts-check
// The whole site used with the keyboard alone: the skip link, a tenant's way to their page, the
// quote form filled and sent, the carousel's controls, the phone menu, and on every route each
// Tab stop in page order with its focus drawn at 3:1 (e2e/keyboard.mjs checks each stop).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { baseUrl, launch, openPage } from "./browser.mjs";
import { fields, openLanding, routes, settle, success, widths } from "./accessibility-support.mjs";
import { nextStop, tab } from "./keyboard.mjs";
import { storedLeads } from "./stored-leads.mjs";

/**
 * @typedef {import("./keyboard.mjs").Stop} Stop
 * @typedef {import("./keyboard.mjs").StopWindow} StopWindow
 */

/** @type {import("playwright-core").Browser} */
let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

describe("the keyboard alone", () => {
  it("Tab reaches the skip link first, and it moves focus to the main content", async () => {
    const page = await openLanding(browser, 1280);
    /** @type {Stop[]} */
    const stops = [];
    const skip = await nextStop(page, stops);
    assert.equal(skip.name, "Aller au contenu");
    assert.ok(skip.top >= 0 && skip.top < 100, "the skip link shows at the top once focused");
    await page.keyboard.press("Enter");
    assert.equal(await page.evaluate(() => document.activeElement?.id), "contenu");
    await page.keyboard.press("Tab");
    assert.equal(
      await page.evaluate(() => document.activeElement?.closest("main")?.id),
      "contenu",
      "the next Tab stays in the main content, past the navigation",
    );
    await page.close();
  });

  it("takes a tenant from the top of the landing page to their page and its contact", async () => {
    const page = await openLanding(browser, 360);
    /** @type {Stop[]} */
    const stops = [];
    await tab(page, stops);
    await page.keyboard.press("Enter");
    const notice = await nextStop(page, stops);
    assert.equal(notice.name, "Ce qu'il faut savoir", "the first stop in the content");
    await Promise.all([page.waitForURL(`${baseUrl}/locataires`), page.keyboard.press("Enter")]);
    await settle(page);
    /** @type {string[]} */
    const reached = [];
    stops.length = 0;
    await page.evaluate(() => {
      /** @type {StopWindow} */ (window).__lastStop = undefined;
    });
    for (let step = 0; step < 40; step += 1) {
      const stop = await tab(page, stops);
      if (stop === null) break;
      reached.push(stop.name);
      if (stop.name.includes("@")) break;
    }
    assert.ok(reached.includes("01 99 00 12 34"), `the phone among ${reached.join(", ")}`);
    assert.ok(reached.includes("contact@hestia-recouvrement.fr"), "then the email");
    await page.close();
  });

  it("fills and sends the quote form from the top of the page, in reading order, focus always visible", async () => {
    const page = await openLanding(browser, 1280);
    // An address of this suite's own: the form's suites send the same fields meanwhile.
    const email = "k.lefevre@oph-exemple.fr";
    const typed = fields.map((field) =>
      field.label === "Email professionnel" ? { ...field, value: email } : field,
    );
    const count = async () => (await storedLeads(email)).length;
    const stored = await count();
    /** @type {Stop[]} */
    const stops = [];
    /** @type {string[]} */
    const formStops = [];
    for (let step = 0; step < 120; step += 1) {
      const stop = await tab(page, stops);
      const inForm = await page.evaluate(() => Boolean(document.activeElement?.closest("form")));
      if (stop === null || !inForm) continue;
      formStops.push(stop.name);
      const field = typed.find(({ label }) => label === stop.name);
      if (field) await page.keyboard.type(field.value);
      if (stop.type === "checkbox") await page.keyboard.press("Space");
      if (stop.tag === "button") break;
    }
    assert.deepEqual(
      stops.slice(0, 7).map(({ name }) => name),
      [
        "Aller au contenu",
        "Hestia Recouvrement, accueil",
        "Services",
        "Résultats",
        "Références",
        "Contact",
        "Devis Gratuit",
      ],
    );
    assert.deepEqual(formStops, [
      ...fields.map(({ label }) => label),
      "J'accepte d'être recontacté(e) par téléphone et par email au sujet de ma demande de devis. Voir notre politique de confidentialité (nouvel onglet).",
      "Voir notre politique de confidentialité (nouvel onglet)",
      // The RGPD notice's address for personal-data requests (content/company: dpoEmail).
      "donnees-personnelles@hestia-recouvrement.fr",
      "Envoyer ma demande",
    ]);
    // Reading order: down the page, and left to right along a row (within half a line).
    for (let index = 1; index < stops.length; index += 1) {
      const [previous, stop] = /** @type {[Stop, Stop]} */ ([stops[index - 1], stops[index]]);
      const sameRow = Math.abs(stop.top - previous.top) <= 24;
      assert.ok(
        sameRow ? stop.left > previous.left : stop.top > previous.top,
        `« ${stop.name} » comes after « ${previous.name} » on screen`,
      );
    }
    await page.keyboard.press("Enter");
    const banner = page.getByRole("status").filter({ hasText: success });
    await banner.waitFor();
    assert.ok(await banner.locator("p").evaluate((element) => element === document.activeElement));
    assert.equal(await count(), stored + 1);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  it("works the testimonials' pause button and dots with Enter and Space", async () => {
    const page = await openLanding(browser, 1280);
    const pause = page.getByRole("button", {
      name: "Mettre en pause le défilement des témoignages",
    });
    /** @type {Stop[]} */
    const stops = [];
    for (
      let step = 0;
      step < 60 && !(await pause.evaluate((b) => b === document.activeElement));
      step += 1
    )
      await tab(page, stops);
    const visible = () =>
      page
        .locator("#temoignages [aria-roledescription='témoignage']:not([hidden])")
        .getAttribute("aria-label");
    const slides = page.locator("#temoignages [aria-live]");

    await page.keyboard.press("Enter");
    const play = page.getByRole("button", { name: "Reprendre le défilement des témoignages" });
    assert.ok(await play.evaluate((button) => button === document.activeElement));
    assert.equal(await slides.getAttribute("aria-live"), "polite");
    const paused = await visible();

    // Play again with Space: rotation goes on although focus stays in the carousel.
    await page.keyboard.press("Space");
    assert.ok(await pause.evaluate((button) => button === document.activeElement));
    assert.equal(await slides.getAttribute("aria-live"), "off");
    await page.waitForFunction(
      (label) => {
        const slide = document.querySelector(
          "#temoignages [aria-roledescription='témoignage']:not([hidden])",
        );
        if (!slide) throw new Error("No testimonial is shown");
        return slide.ariaLabel !== label;
      },
      paused,
      { timeout: 8000 },
    );
    await page.keyboard.press("Enter");

    const dots = page.getByRole("button", { name: /^Afficher le témoignage/ });
    await tab(page, stops);
    await page.keyboard.press("Enter");
    assert.equal(await visible(), "1 sur 3");
    assert.equal(await dots.nth(0).getAttribute("aria-current"), "true");
    await tab(page, stops);
    await page.keyboard.press("Enter");
    assert.equal(await visible(), "2 sur 3");
    assert.equal(await dots.nth(1).getAttribute("aria-current"), "true");
    assert.equal(await dots.nth(0).getAttribute("aria-current"), null);
    await tab(page, stops);
    await page.keyboard.press("Space");
    assert.equal(await visible(), "3 sur 3");
    assert.equal(await dots.nth(2).getAttribute("aria-current"), "true");
    await page.close();
  });

  it("opens the 360 px menu, tabs through it and out, and closes it with Escape", async () => {
    const page = await openLanding(browser, 360);
    /** @type {Stop[]} */
    const stops = [];
    const menuLinks = ["Services", "Résultats", "Références", "Contact", "Devis Gratuit"];
    await tab(page, stops);
    await tab(page, stops);
    const toggle = await nextStop(page, stops);
    assert.equal(toggle.name, "Menu");
    const button = page.locator("header button[aria-controls]");
    assert.equal(await button.getAttribute("aria-expanded"), "false");

    await page.keyboard.press("Enter");
    assert.equal(await button.getAttribute("aria-expanded"), "true");
    for (const name of menuLinks) assert.equal((await nextStop(page, stops)).name, name);
    // No trap: the next Tab leaves the menu for the page.
    const next = await nextStop(page, stops);
    assert.ok(
      await page.evaluate(() => Boolean(document.activeElement?.closest("main"))),
      `focus left the menu for « ${next.name} »`,
    );

    assert.equal(await button.getAttribute("aria-expanded"), "false", "leaving closes the menu");

    // Back to the button, open with Space this time, then Escape from inside the menu.
    await page.keyboard.press("Shift+Tab");
    assert.ok(await button.evaluate((element) => element === document.activeElement));
    await page.keyboard.press("Space");
    assert.equal(await button.getAttribute("aria-expanded"), "true");
    await page.keyboard.press("Tab");
    assert.equal(
      await page.evaluate(
        () => /** @type {HTMLElement | null} */ (document.activeElement)?.innerText,
      ),
      "Services",
    );
    await page.keyboard.press("Escape");
    assert.equal(await button.getAttribute("aria-expanded"), "false");
    assert.ok(await button.evaluate((element) => element === document.activeElement));
    assert.equal(
      await page.getByRole("navigation", { name: "Navigation principale" }).isVisible(),
      false,
    );
    await page.close();
  });
});

describe("focus on every route", () => {
  for (const path of routes) {
    for (const width of widths) {
      it(`${path} at ${width} px: every Tab stop in page order, focus drawn at 3:1`, async () => {
        const page = await openPage(browser, { width });
        await page.goto(baseUrl + path, { waitUntil: "networkidle" });
        await settle(page);
        /** @type {Stop[]} */
        const stops = [];
        while ((await tab(page, stops)) !== null)
          assert.ok(stops.length < 150, "Tab leaves the page in the end");
        assert.equal(stops[0]?.name, "Aller au contenu");
        assert.ok(
          stops.some(({ name }) => name === "Mentions légales"),
          "the footer is reached",
        );
        await page.close();
      });
    }
  }
});
