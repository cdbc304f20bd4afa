// @ts-check
// What the accessibility suites share (e2e/accessibility-pages, accessibility-form and keyboard):
// the routes and widths they walk, the form's fields, and the page helpers.
import assert from "node:assert/strict";
import {
  accessibilityViolations,
  baseUrl,
  openPage,
  screenshotDir,
  sectionsLaidOut,
  wcagTags,
} from "./browser.mjs";
import { textContrastFailures } from "./contrast.mjs";

export const routes = [
  "/",
  "/mentions-legales",
  "/politique-confidentialite",
  "/conditions-generales",
  "/accessibilite",
  "/locataires",
];
export const widths = [360, 1280];
export const axeTags = [...wcagTags, "best-practice"];
export const success =
  "Votre demande a été envoyée avec succès ! Nous vous recontacterons sous 24h.";

// The form's fields in their order, each with what a visitor types and the message it shows
// when left empty.
export const fields = [
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
export const consentError = "Vous devez accepter d'être recontacté pour envoyer votre demande";

/**
 * Waits for the page's fade-in to end, so that colours are measured at full opacity, and for its
 * sections to be laid out (sectionsLaidOut).
 * @param {import("playwright-core").Page} page
 */
export async function settle(page) {
  await sectionsLaidOut(page);
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running"),
  );
}

/**
 * The landing page, loaded and settled, in a new context of `browser`.
 * @param {import("playwright-core").Browser} browser
 * @param {number} width
 * @param {Parameters<typeof openPage>[1]} [options]
 */
export async function openLanding(browser, width, options = {}) {
  const page = await openPage(browser, { width, ...options });
  await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
  await settle(page);
  return page;
}

/** @param {import("playwright-core").Page} page */
export const quoteForm = (page) => page.getByRole("form", { name: "Demande de devis" });

/**
 * Fills the form through its labels, as the other form tests do.
 * @param {import("playwright-core").Page} page
 */
export async function fillForm(page) {
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
export function screenshotContact(page, name) {
  return page.locator("#contact").screenshot({
    path: `${screenshotDir}/${name}.png`,
    style: 'header:has(nav[aria-label="Navigation principale"]) { visibility: hidden; }',
  });
}

/**
 * No axe violation (best practices included) and every text at 4.5:1, on the whole page or
 * `within` the elements a selector matches.
 * @param {import("playwright-core").Page} page
 * @param {string} state
 * @param {{ within?: string }} [options]
 */
export async function expectAccessible(page, state, { within } = {}) {
  assert.deepEqual(
    await accessibilityViolations(page, { tags: axeTags, within }),
    [],
    `axe, ${state}`,
  );
  assert.deepEqual(await textContrastFailures(page, { within }), [], `contrast, ${state}`);
}
