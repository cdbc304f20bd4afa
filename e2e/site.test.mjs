// @ts-check
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
  accessibilityViolations,
  baseUrl,
  formChecksWhatIsTyped,
  horizontalOverflow,
  isInViewport,
  launch,
  openPage,
  screenshotDir,
} from "./browser.mjs";

const routes = [
  { path: "/", heading: /Recouvrez vos impayés/ },
  { path: "/mentions-legales", heading: /Mentions légales/ },
  { path: "/politique-confidentialite", heading: /Politique de confidentialité/ },
  { path: "/conditions-generales", heading: /Conditions générales/ },
  { path: "/accessibilite", heading: /Déclaration d'accessibilité/ },
  { path: "/locataires", heading: /Vous êtes locataire/ },
];

/** @type {import("playwright-core").Browser} */
let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

describe("every route", () => {
  for (const { path, heading } of routes) {
    for (const width of [360, 1280]) {
      it(`${path} at ${width} px: its heading, French, no console error, no other host, no horizontal scroll, no WCAG AA violation`, async () => {
        const page = await openPage(browser, { width });
        const response = await page.goto(baseUrl + path, { waitUntil: "networkidle" });
        assert.ok(response, "the page was served");
        assert.equal(response.status(), 200);
        assert.equal(await page.getAttribute("html", "lang"), "fr");
        assert.match(await page.locator("h1").innerText(), heading);
        assert.equal(await horizontalOverflow(page), 0);
        const name = path === "/" ? "accueil" : path.slice(1);
        await page.screenshot({ path: `${screenshotDir}/${name}-${width}.png`, fullPage: true });
        assert.deepEqual(page.errors, []);
        assert.deepEqual(page.foreignRequests, []);
        assert.deepEqual(await accessibilityViolations(page), []);
        await page.close();
      });
    }

    it(`${path} fits a 320 px screen without horizontal scroll`, async () => {
      const page = await openPage(browser, { width: 320 });
      await page.goto(baseUrl + path, { waitUntil: "networkidle" });
      assert.equal(await horizontalOverflow(page), 0);
      await page.close();
    });
  }
});

describe("islands", () => {
  it("bring the header, carousel and form to life and leave the other sections as served", async () => {
    const page = await openPage(browser, { width: 360 });
    await page.goto(baseUrl, { waitUntil: "networkidle" });
    // Its name turns from « Menu » to « Fermer »: the button is the one the navigation names.
    const menu = page.locator("header button[aria-controls]");
    assert.equal(await menu.innerText(), "Menu");
    await menu.click();
    assert.equal(await menu.getAttribute("aria-expanded"), "true");
    assert.equal(await menu.innerText(), "Fermer");
    await page.keyboard.press("Escape");
    assert.equal(await menu.getAttribute("aria-expanded"), "false");

    const secondDot = page
      .locator("#temoignages")
      .getByRole("button", { name: /^Afficher le témoignage 2 sur/ });
    await secondDot.click();
    assert.equal(await secondDot.getAttribute("aria-current"), "true");

    // The form's island hydrates as the form nears: it then checks what is typed.
    await page.locator("#contact").scrollIntoViewIfNeeded();
    const form = page.getByRole("form", { name: "Demande de devis" });
    await formChecksWhatIsTyped(form);

    // Every other section is exactly the server's HTML: no script rewrote it.
    const compared = await page.evaluate(async () => {
      const served = new DOMParser().parseFromString(
        await (await fetch(window.location.href)).text(),
        "text/html",
      );
      const live = [...document.querySelectorAll("main section")];
      const before = [...served.querySelectorAll("main section")];
      return live
        .map((section, index) => ({
          id: section.id,
          same: section.isEqualNode(before[index] ?? null),
        }))
        .filter(({ id }) => id !== "temoignages" && id !== "contact");
    });
    assert.ok(compared.length >= 8);
    for (const { id, same } of compared) assert.equal(same, true, `section #${id} changed`);
    assert.deepEqual(page.errors, []);
    await page.close();
  });
});

describe("without JavaScript", () => {
  it("every testimonial, every link of the header and the whole form are there", async () => {
    const page = await openPage(browser, { width: 360, javaScriptEnabled: false });
    await page.goto(baseUrl, { waitUntil: "load" });
    const slides = page.locator("#temoignages [aria-roledescription='témoignage']");
    assert.ok((await slides.count()) > 1);
    for (const slide of await slides.all()) assert.equal(await slide.isVisible(), true);
    // Controls that could do nothing are not shown.
    assert.equal(await page.locator("#temoignages button").first().isVisible(), false);
    const navigation = page.getByRole("navigation", { name: "Navigation principale" });
    for (const name of ["Services", "Résultats", "Références", "Contact", "Devis Gratuit"]) {
      assert.equal(await navigation.getByRole("link", { name }).isVisible(), true, name);
    }
    assert.equal(await page.locator("header button").isVisible(), false);
    const form = page.getByRole("form", { name: "Demande de devis" });
    assert.equal(await form.getByRole("textbox").count(), 6);
    assert.equal(await horizontalOverflow(page), 0);
    await page.close();
  });
});

describe("paths that are not pages", () => {
  it("an unknown path shows the landing page", async () => {
    const page = await openPage(browser);
    await page.goto(`${baseUrl}/une-page-qui-n-existe-pas`, { waitUntil: "networkidle" });
    assert.match(await page.locator("h1").innerText(), /Recouvrez vos impayés/);
    assert.ok(await page.locator("#contact form").isVisible());
    await page.close();
  });

  it("/contact shows the landing page opened at the quote form", async () => {
    const page = await openPage(browser);
    await page.goto(`${baseUrl}/contact`, { waitUntil: "networkidle" });
    assert.match(await page.locator("h1").innerText(), /Recouvrez vos impayés/);
    await page.waitForFunction(() => {
      const contact = document.querySelector("#contact");
      if (!contact) throw new Error("The page has no #contact");
      const box = contact.getBoundingClientRect();
      return box.top >= 0 && box.top < window.innerHeight / 2;
    });
    assert.ok(await isInViewport(page, "#contact"));
    assert.deepEqual(page.errors, []);
    await page.close();
  });
});

describe("navigation", () => {
  const anchors = [
    { label: "Services", target: "#services" },
    { label: "Résultats", target: "#results" },
    { label: "Références", target: "#clients" },
    { label: "Contact", target: "#contact" },
    { label: "Devis Gratuit", target: "#contact" },
  ];

  for (const { label, target } of anchors) {
    it(`"${label}" brings ${target} into view`, async () => {
      const page = await openPage(browser, { reducedMotion: "reduce" });
      await page.goto(baseUrl, { waitUntil: "networkidle" });
      await page
        .getByRole("navigation", { name: "Navigation principale" })
        .getByRole("link", { name: label, exact: true })
        .click();
      await page.waitForFunction((selector) => {
        const section = document.querySelector(selector);
        if (!section) throw new Error(`The page has no ${selector}`);
        const box = section.getBoundingClientRect();
        return box.top >= 0 && box.top < window.innerHeight / 2;
      }, target);
      assert.ok(await isInViewport(page, target));
      await page.close();
    });
  }

  // The sections below the first screen are laid out as they near it, at an estimated height until
  // then (src/components/ui/ui.module.css): a smooth scroll through them must still land on its
  // target, below the sticky header, on a phone as on a desktop.
  for (const { width, link } of [
    { width: 360, link: "Demander un devis gratuit" },
    { width: 1280, link: "Devis Gratuit" },
  ]) {
    it(`a smooth scroll from "${link}" lands on the quote form at ${width} px`, async () => {
      const page = await openPage(browser, { width });
      await page.goto(baseUrl, { waitUntil: "networkidle" });
      // The switch to Public Sans moves text as it goes (src/islands/font-switch.ts): its end.
      await page.waitForFunction(() => !document.querySelector("[data-font-pending]"));
      const scrolled = page.evaluate(
        () => new Promise((resolve) => addEventListener("scrollend", resolve, { once: true })),
      );
      await page.getByRole("link", { name: link, exact: true }).first().click();
      await scrolled;
      const { top, padding } = await page.evaluate(() => ({
        top: document.querySelector("#contact")?.getBoundingClientRect().top,
        padding: parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop),
      }));
      assert.ok(padding > 0, "the page keeps anchored sections below its header");
      assert.ok(Math.abs(Number(top) - padding) <= 2, `#contact's top at ${top}, not ${padding}`);
      await page.close();
    });
  }

  it("the navigation stays in view while scrolling", async () => {
    const page = await openPage(browser);
    await page.goto(baseUrl, { waitUntil: "networkidle" });
    await page.mouse.wheel(0, 3000);
    await page.waitForFunction(() => window.scrollY > 1000);
    const top = await page
      .locator("header")
      .first()
      .evaluate((header) => header.getBoundingClientRect().top);
    assert.equal(top, 0);
    await page.close();
  });

  it("the mobile menu opens, leads to a section and closes", async () => {
    const page = await openPage(browser, { width: 360, reducedMotion: "reduce" });
    await page.goto(baseUrl, { waitUntil: "networkidle" });
    const nav = page.getByRole("navigation", { name: "Navigation principale" });
    const menu = page.getByRole("button", { name: "Menu" });
    assert.equal(await nav.isVisible(), false);
    await menu.click();
    assert.equal(
      await page.getByRole("button", { name: "Fermer" }).getAttribute("aria-expanded"),
      "true",
    );
    assert.ok(await nav.isVisible());
    await page.screenshot({ path: `${screenshotDir}/menu-mobile-360.png` });
    await nav.getByRole("link", { name: "Résultats" }).click();
    assert.equal(await nav.isVisible(), false);
    await page.waitForFunction(() => {
      const results = document.querySelector("#results");
      if (!results) throw new Error("The page has no #results");
      return results.getBoundingClientRect().top < window.innerHeight / 2;
    });
    await page.getByRole("button", { name: "Menu" }).click();
    await page.keyboard.press("Escape");
    assert.equal(await nav.isVisible(), false);
    await page.close();
  });
});

describe("testimonials", () => {
  /** @param {import("playwright-core").Page} page */
  const visibleQuote = (page) =>
    page
      .locator("#temoignages [aria-roledescription='témoignage']:not([hidden]) blockquote")
      .innerText();

  // The page's clock is Playwright's (page.clock): its timers run when the test moves time on,
  // so "nothing moves for six seconds" is checked without waiting six seconds, and exactly.
  it("rotate on their own, and stop on pause", async () => {
    const page = await openPage(browser);
    await page.clock.install();
    await page.goto(baseUrl, { waitUntil: "networkidle" });
    // Watched, as a visitor does: on screen.
    await page.locator("#temoignages").scrollIntoViewIfNeeded();
    const first = await visibleQuote(page);
    // One rotation delay (5 s in testimonial-carousel.tsx) and a little more.
    await page.clock.runFor(5_500);
    assert.notEqual(await visibleQuote(page), first);
    await page
      .getByRole("button", { name: "Mettre en pause le défilement des témoignages" })
      .click();
    await page.mouse.move(0, 0);
    const paused = await visibleQuote(page);
    await page.clock.runFor(12_000);
    assert.equal(await visibleQuote(page), paused);
    await page.getByRole("button", { name: "Afficher le témoignage 3 sur 3" }).click();
    assert.notEqual(await visibleQuote(page), paused);
    await page.close();
  });

  it("stay still under reduced motion", async () => {
    const page = await openPage(browser, { reducedMotion: "reduce" });
    await page.clock.install();
    await page.goto(baseUrl, { waitUntil: "networkidle" });
    const first = await visibleQuote(page);
    await page.clock.runFor(12_000);
    assert.equal(await visibleQuote(page), first);
    assert.ok(
      await page
        .getByRole("button", { name: "Reprendre le défilement des témoignages" })
        .isVisible(),
    );
    await page.close();
  });
});

describe("the page for tenants", () => {
  it("is reached from the line above the landing page's hero, and shows no quote form", async () => {
    const page = await openPage(browser, { width: 360 });
    await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
    const link = page.getByRole("link", { name: "Ce qu'il faut savoir" });
    assert.ok(
      await isInViewport(page, 'a[href="/locataires"] >> nth=0'),
      "the line shows on the first screen of a phone",
    );
    await Promise.all([page.waitForURL(`${baseUrl}/locataires`), link.click()]);
    assert.match(await page.locator("h1").innerText(), /Vous êtes locataire/);
    assert.equal(await page.getByRole("form").count(), 0);
    const contact = page.getByRole("complementary", {
      name: "Nous joindre au sujet d'un courrier",
    });
    assert.match((await contact.getByRole("link").first().getAttribute("href")) ?? "", /^tel:\+33/);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  it("every page's footer states the accessibility state and leads to the statement", async () => {
    const page = await openPage(browser, { width: 1280 });
    await page.goto(`${baseUrl}/locataires`, { waitUntil: "networkidle" });
    const footer = page.getByRole("contentinfo");
    await Promise.all([
      page.waitForURL(`${baseUrl}/accessibilite`),
      footer
        .getByRole("link", { name: /^Accessibilité : (non|partiellement|totalement) conforme$/ })
        .click(),
    ]);
    assert.match(await page.locator("h1").innerText(), /Déclaration d'accessibilité/);
    assert.match(
      await page.locator("main").innerText(),
      /Libre réponse 71120, 75342 Paris CEDEX 07/,
    );
    await page.close();
  });
});
