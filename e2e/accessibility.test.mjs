// @ts-check
// The accessibility gate (RGAA, built on WCAG 2.1 AA): axe-core with its best-practice rules on
// every route and on each state of the quote form, every text at 4.5:1, and the whole page used
// with the keyboard alone.
import { storedLeads } from "./stored-leads.mjs";
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
  accessibilityViolations,
  baseUrl,
  horizontalOverflow,
  launch,
  openPage,
  screenshotDir,
  wcagTags,
} from "./browser.mjs";
import { focusIndicator, textContrastFailures } from "./contrast.mjs";

const routes = [
  "/",
  "/mentions-legales",
  "/politique-confidentialite",
  "/conditions-generales",
  "/accessibilite",
  "/locataires",
];
const widths = [360, 1280];
const axeTags = [...wcagTags, "best-practice"];
const success = "Votre demande a été envoyée avec succès ! Nous vous recontacterons sous 24h.";

// The form's fields in their order, each with what a visitor types and the message it shows
// when left empty.
const fields = [
  { label: "Prénom", value: "Hélène", empty: "Le prénom est requis" },
  { label: "Nom", value: "Lefèvre", empty: "Le nom est requis" },
  { label: "Email professionnel", value: "h.lefevre@oph-exemple.fr", empty: "L'email est requis" },
  { label: "Téléphone", value: "01 23 45 67 89", empty: "Le téléphone est requis" },
  { label: "Organisme", value: "OPH de l'Yonne", empty: "Le nom de l'organisme est requis" },
  {
    label: "Décrivez vos besoins",
    value: "Environ 120 dossiers d'impayés de plus de deux mois.",
    empty: "La description de vos besoins est requise",
  },
];
const consentError = "Vous devez accepter d'être recontacté pour envoyer votre demande";

/** @type {import("playwright-core").Browser} */
let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/**
 * A Tab stop as `tab` checks it: its name, tag and type, its place on the page, whether it is
 * uncovered and follows the previous stop, how the previous stop is drawn now, and how its own
 * focus is drawn.
 * @typedef {{ outline: string, boxShadow: string, border: string, background: string }} Drawn
 * @typedef {{ name: string, tag: string, type: string | null, top: number, left: number,
 *   uncovered: boolean, follows: boolean, previousNow: Drawn | null, drawn: Drawn,
 *   ringContrast: number | null }} Stop
 * The focused element, which may have labels (a field) and may not have innerText (SVG), and the
 * window, where `tab` keeps the previous stop.
 * @typedef {Element & { labels?: NodeListOf<HTMLLabelElement> | null, innerText?: string }} Focused
 * @typedef {typeof window & { __lastStop?: Element }} StopWindow
 */

/**
 * Waits for the page's fade-in to end, so that colours are measured at full opacity.
 * @param {import("playwright-core").Page} page
 */
async function settle(page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running"),
  );
}

/**
 * @param {number} width
 * @param {Parameters<typeof openPage>[1]} [options]
 */
async function openLanding(width, options = {}) {
  const page = await openPage(browser, { width, ...options });
  await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
  await settle(page);
  return page;
}

/** @param {import("playwright-core").Page} page */
const quoteForm = (page) => page.getByRole("form", { name: "Demande de devis" });

/**
 * Fills the form through its labels, as the other form tests do.
 * @param {import("playwright-core").Page} page
 */
async function fillForm(page) {
  const form = quoteForm(page);
  for (const { label, value } of fields) await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByRole("checkbox").check();
  return form;
}

/**
 * The contact section, without the sticky navigation stitched into the middle of the image.
 * @param {import("playwright-core").Page} page
 * @param {string} name
 */
function screenshotContact(page, name) {
  return page.locator("#contact").screenshot({
    path: `${screenshotDir}/${name}.png`,
    style: 'header:has(nav[aria-label="Navigation principale"]) { visibility: hidden; }',
  });
}

/**
 * @param {import("playwright-core").Page} page
 * @param {string} state
 */
async function expectAccessible(page, state) {
  assert.deepEqual(await accessibilityViolations(page, { tags: axeTags }), [], `axe, ${state}`);
  assert.deepEqual(await textContrastFailures(page), [], `contrast, ${state}`);
}

/**
 * Resolves once the page has stopped scrolling (focus scrolls smoothly into view).
 * @param {import("playwright-core").Page} page
 */
function scrolled(page) {
  return page.evaluate(
    () =>
      /** @type {Promise<void>} */ (
        new Promise((resolve) => {
          let last = Number.NaN;
          const check = () => {
            if (window.scrollY === last) resolve();
            else {
              last = window.scrollY;
              setTimeout(() => requestAnimationFrame(check), 50);
            }
          };
          requestAnimationFrame(check);
        })
      ),
  );
}

/**
 * Presses Tab and returns the new stop after checking it: it comes after the previous stop in
 * the page, its focus is drawn (an outline or a shadow; an outline at 3:1 against the colours on
 * either side of it, WCAG 1.4.11), nothing covers it, and the previous stop, now unfocused, looks
 * different from how it looked focused. Returns null once focus has left the page.
 * @param {import("playwright-core").Page} page
 * @param {Stop[]} stops the stops so far, to which the new one is added
 * @returns {Promise<Stop | null>}
 */
async function tab(page, stops) {
  await page.keyboard.press("Tab");
  await scrolled(page);
  const step = await page.evaluate(() => {
    const element = /** @type {Focused | null} */ (document.activeElement);
    if (!element || element === document.body) return null;
    const scope = /** @type {StopWindow} */ (window);
    const previous = scope.__lastStop;
    scope.__lastStop = element;
    /** @param {CSSStyleDeclaration} style */
    const drawn = (style) => ({
      outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
      boxShadow: style.boxShadow,
      border: style.borderColor,
      background: style.backgroundColor,
    });
    const box = element.getBoundingClientRect();
    // A link wrapped over two lines has a box larger than its text: test its first line.
    const line = element.getClientRects()[0] ?? box;
    const label = element.labels?.[0]?.innerText.split("\n")[0];
    return {
      name: (element.getAttribute("aria-label") ?? label ?? element.innerText ?? "").trim(),
      tag: element.tagName.toLowerCase(),
      type: element.getAttribute("type"),
      top: box.top + window.scrollY,
      left: box.left,
      uncovered: element.contains(
        document.elementFromPoint(line.left + line.width / 2, line.top + line.height / 2),
      ),
      follows:
        !previous ||
        Boolean(previous.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING),
      previousNow: previous ? drawn(getComputedStyle(previous)) : null,
    };
  });
  if (step === null) return null;
  const indicator = await focusIndicator(page);
  if (!indicator) throw new Error(`Focus left the page while stop ${stops.length + 1} was read`);
  const { drawn, ringContrast } = indicator;
  const where = `stop ${stops.length + 1} (${step.tag} « ${step.name} »)`;
  assert.ok(step.follows, `${where} comes after the previous stop in the page`);
  assert.ok(
    !/^none|\s0px\s/.test(drawn.outline) || drawn.boxShadow !== "none",
    `${where} shows its focus`,
  );
  if (ringContrast !== null)
    assert.ok(ringContrast >= 3, `${where}: focus ring at ${ringContrast.toFixed(2)}:1`);
  assert.ok(step.uncovered, `${where} is not hidden under another element`);
  if (stops.length > 0 && step.previousNow)
    assert.notDeepEqual(
      step.previousNow,
      /** @type {Stop} */ (stops.at(-1)).drawn,
      `stop ${stops.length} looks different once it has lost focus`,
    );
  const stop = { ...step, drawn, ringContrast };
  stops.push(stop);
  return stop;
}

/**
 * The next Tab stop, checked as `tab` does, where focus must still be on the page.
 * @param {import("playwright-core").Page} page
 * @param {Stop[]} stops
 */
async function nextStop(page, stops) {
  const stop = await tab(page, stops);
  if (!stop) throw new Error(`Focus left the page after stop ${stops.length}`);
  return stop;
}

describe("axe-core, best practices included, on every route", () => {
  for (const path of routes) {
    for (const width of widths) {
      it(`${path} at ${width} px: no violation, every text at 4.5:1`, async () => {
        const page = await openPage(browser, { width });
        await page.goto(baseUrl + path, { waitUntil: "networkidle" });
        await settle(page);
        await expectAccessible(page, `${path} at ${width} px`);
        await page.close();
      });
    }
  }

  it("the contrast check sees faint text on a gradient, on a dark band and over an image", async () => {
    const page = await openLanding(1280);
    // Three texts a careless edit could produce: grey on the hero's gradient, dark blue on the
    // call-to-action band, and a caption laid over the hero picture.
    await page.evaluate(() => {
      /** @param {string} selector */
      const find = (selector) => {
        const found = document.querySelector(selector);
        if (!(found instanceof HTMLElement)) throw new Error(`The page has no ${selector}`);
        return found;
      };
      find("#hero-title").style.color = "#9aa3ad";
      find("#cta-title").style.color = "#2c5d93";
      const image = find("#hero-title")
        .closest("section")
        ?.querySelector("img:not([aria-hidden='true'])");
      if (!image) throw new Error("The hero has no picture");
      const picture = image.getBoundingClientRect();
      const caption = document.createElement("span");
      caption.textContent = "Légende posée sur la photo";
      caption.style.cssText = `position:absolute;z-index:2;color:#fff;
        left:${picture.left + 16}px;top:${picture.top + window.scrollY + 16}px`;
      document.body.append(caption);
    });
    const failures = (await textContrastFailures(page)).join("\n");
    assert.match(failures, /h1#hero-title.*#9aa3ad on #e8eef6 is 2\.\d\d:1/);
    assert.match(failures, /h2#cta-title.*#2c5d93 on #(0e2746|16365f) is [12]\.\d\d:1/);
    assert.match(failures, /Légende posée sur la photo.*over an image/);
    await page.close();
  });
});

describe("the quote form in each of its states", () => {
  for (const width of widths) {
    it(`at ${width} px: errors in French tied to their fields, no violation`, async () => {
      const page = await openLanding(width);
      const form = quoteForm(page);
      // The button stays disabled while the form is invalid, so the errors come from leaving
      // each field empty, as a keyboard user tabbing through it would.
      await form.getByLabel("Prénom", { exact: true }).focus();
      for (let index = 0; index < fields.length + 1; index += 1) await page.keyboard.press("Tab");
      // The form's code may still be arriving (it loads as the form is reached): its messages
      // show once it has taken over, the fields left before then included.
      await form.getByText(consentError).waitFor();
      for (const { label, empty } of fields) {
        const input = form.getByLabel(label, { exact: true });
        assert.equal(await input.getAttribute("aria-invalid"), "true", label);
        const describedBy = await input.getAttribute("aria-describedby");
        assert.equal(await page.locator(`[id="${describedBy}"]`).innerText(), empty);
      }
      const consent = form.getByRole("checkbox");
      assert.equal(await consent.getAttribute("aria-invalid"), "true");
      const consentDescription = await consent.getAttribute("aria-describedby");
      assert.equal(await page.locator(`[id="${consentDescription}"]`).innerText(), consentError);
      assert.ok(await form.getByRole("button", { name: "Envoyer ma demande" }).isDisabled());
      assert.ok(await form.getByText("Encore 7 champs à compléter").isVisible());
      await expectAccessible(page, "errors shown");
      await screenshotContact(page, `formulaire-erreurs-${width}`);
      assert.equal(await horizontalOverflow(page), 0);
      await page.close();
    });

    it(`at ${width} px: while sending and after success, no violation`, async () => {
      const page = await openLanding(width);
      /** @type {(value?: unknown) => void} */
      let release = () => {};
      const answer = new Promise((resolve) => (release = resolve));
      await page.route("**/api/contact", async (route) => {
        await answer;
        await route.continue();
      });
      const form = await fillForm(page);
      await form.getByRole("button", { name: "Envoyer ma demande" }).click();
      const sending = form.getByRole("button", { name: "Envoi en cours..." });
      await sending.waitFor();
      assert.ok(await sending.isDisabled());
      assert.equal(await form.getByLabel("Prénom", { exact: true }).getAttribute("readonly"), "");
      await expectAccessible(page, "sending");
      await screenshotContact(page, `formulaire-envoi-${width}`);

      release();
      const banner = page.getByRole("status").filter({ hasText: success });
      await banner.waitFor();
      assert.ok(
        await banner.locator("p").evaluate((element) => element === document.activeElement),
      );
      await expectAccessible(page, "sent");
      await screenshotContact(page, `formulaire-envoye-${width}`);
      await page.close();
    });

    it(`at ${width} px: the error toast, no violation`, async () => {
      const page = await openLanding(width);
      await page.route("**/api/contact", (route) =>
        route.fulfill({
          status: 500,
          contentType: "application/json",
          body: JSON.stringify({ messageText: "Service momentanément indisponible" }),
        }),
      );
      const form = await fillForm(page);
      // The button is disabled until the form's code has taken the typed values in: a visitor
      // cannot reach it before, nor can the keyboard here.
      const submit = form.getByRole("button", { name: "Envoyer ma demande", disabled: false });
      await submit.waitFor();
      await submit.focus();
      await page.keyboard.press("Enter");
      const toast = page
        .getByRole("alert")
        .filter({ hasText: "Service momentanément indisponible" });
      await toast.waitFor();
      await settle(page);
      await expectAccessible(page, "error toast");

      // Focus is back on the button; the keyboard goes on through the footer to the toast and
      // its close button, each stop drawn with a visible ring.
      const close = page.getByRole("button", { name: "Fermer la notification" });
      /** @type {Stop[]} */
      const stops = [];
      while (!(await close.evaluate((button) => button === document.activeElement))) {
        assert.ok(stops.length < 30, "the close button is reachable with Tab");
        await tab(page, stops);
      }
      await page.keyboard.press("Enter");
      await toast.waitFor({ state: "detached" });
      await page.close();
    });
  }
});

describe("the keyboard alone", () => {
  it("Tab reaches the skip link first, and it moves focus to the main content", async () => {
    const page = await openLanding(1280);
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
    const page = await openLanding(360);
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
    const page = await openLanding(1280);
    const count = async () => (await storedLeads()).length;
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
      const field = fields.find(({ label }) => label === stop.name);
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
    const page = await openLanding(1280);
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
    const page = await openLanding(360);
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

describe("zoom and motion", () => {
  for (const path of routes) {
    it(`${path} at 200 % zoom (640 × 450 px) reflows into the small-screen layout`, async () => {
      const page = await openPage(browser, { width: 640, height: 450 });
      await page.goto(baseUrl + path, { waitUntil: "networkidle" });
      assert.equal(await horizontalOverflow(page), 0);
      assert.ok(await page.getByRole("button", { name: "Menu" }).isVisible());
      await page.close();
    });
  }

  it("the form's error messages fit a 320 px screen", async () => {
    const page = await openLanding(320);
    const form = quoteForm(page);
    await form.getByLabel("Prénom", { exact: true }).focus();
    for (let index = 0; index < fields.length + 1; index += 1) await page.keyboard.press("Tab");
    await form.getByText(consentError).waitFor();
    assert.equal(await horizontalOverflow(page), 0);
    const widest = await form.evaluate((/** @type {HTMLElement} */ element) =>
      Math.max(
        ...[...element.querySelectorAll("*")].map((child) => child.getBoundingClientRect().right),
      ),
    );
    assert.ok(widest <= 320, `the form's content ends at ${widest} px`);
    await page.close();
  });

  it("under reduced motion nothing moves: no fade-in, no smooth scroll, no turning spinner", async () => {
    const page = await openPage(browser, { reducedMotion: "reduce" });
    await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
    const moving = () =>
      page.evaluate(() =>
        document
          .getAnimations()
          // endTime is a number on the document's timeline; anything else compares as NaN.
          .filter((animation) => Number(animation.effect?.getComputedTiming().endTime) > 1)
          .map((animation) =>
            animation instanceof CSSAnimation
              ? animation.animationName
              : animation instanceof CSSTransition
                ? animation.transitionProperty
                : undefined,
          ),
      );
    assert.deepEqual(await moving(), []);
    assert.equal(
      await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior),
      "auto",
    );
    await page.route("**/api/contact", () => new Promise(() => {}));
    const form = await fillForm(page);
    await form.getByRole("button", { name: "Envoyer ma demande" }).click();
    await form.getByRole("button", { name: "Envoi en cours..." }).waitFor();
    assert.deepEqual(await moving(), []);
    await page.close();
  });
});
