// @ts-check
// The accessibility gate (RGAA, built on WCAG 2.1 AA), page by page: axe-core with its
// best-practice rules on every route at each width, every text at 4.5:1, and the pages at 200 %
// zoom and under reduced motion. The form's states: accessibility-form.test.mjs; the keyboard:
// keyboard.test.mjs.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { baseUrl, horizontalOverflow, launch, openPage } from "./browser.mjs";
import { textContrastFailures } from "./contrast.mjs";
import {
  consentError,
  expectAccessible,
  fields,
  fillForm,
  openLanding,
  quoteForm,
  routes,
  settle,
  widths,
} from "./accessibility-support.mjs";

/** @type {import("playwright-core").Browser} */
let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

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
    const page = await openLanding(browser, 1280);
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
    const page = await openLanding(browser, 320);
    const form = quoteForm(page);
    await form.getByLabel("Prénom", { exact: true }).focus();
    for (let index = 0; index < fields.length + 1; index += 1) await page.keyboard.press("Tab");
    await form.getByText(consentError).waitFor();
    assert.equal(await horizontalOverflow(page), 0);
    // What a visitor sees of each element: its box cut by every ancestor that clips overflow.
    // The anti-bot field's input is laid out at its own width inside a 1 px clipped box: its
    // whole box once reached 344 px in a run, with nothing of it on screen.
    const widest = await form.evaluate((/** @type {HTMLElement} */ element) => {
      /** @param {Element} child */
      const visibleRight = (child) => {
        let right = child.getBoundingClientRect().right;
        for (let box = child.parentElement; box && box !== element; box = box.parentElement) {
          if (getComputedStyle(box).overflowX !== "visible") {
            right = Math.min(right, box.getBoundingClientRect().right);
          }
        }
        return right;
      };
      return Math.max(...[...element.querySelectorAll("*")].map(visibleRight));
    });
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
