// @ts-check
// The accessibility gate on the quote form, in each of its states (errors shown, sending, sent,
// the error toast), at each width: axe-core with best practices, every text at 4.5:1, and the
// keyboard's way to the toast and its close button.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { horizontalOverflow, launch } from "./browser.mjs";
import {
  consentError,
  expectAccessible,
  fields,
  fillForm,
  openLanding,
  quoteForm,
  screenshotContact,
  settle,
  success,
  widths,
} from "./accessibility-support.mjs";
import { tab } from "./keyboard.mjs";

/** @typedef {import("./keyboard.mjs").Stop} Stop */

/** @type {import("playwright-core").Browser} */
let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

describe("the quote form in each of its states", () => {
  for (const width of widths) {
    it(`at ${width} px: errors in French tied to their fields, no violation`, async () => {
      const page = await openLanding(browser, width);
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
      const page = await openLanding(browser, width);
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
      // The request is held until this audit ends, and the form gives up on a request after
      // 15 s (src/lib/api-client.ts): so the audit covers what sending changes, the contact
      // section, which keeps it short on a busy machine. The page around it is audited on its
      // own by accessibility-pages.test.mjs.
      await expectAccessible(page, "sending", { within: "#contact" });
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
      const page = await openLanding(browser, width);
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
