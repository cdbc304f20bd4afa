// @ts-check
// Shared browser set-up: Debian's Chromium (no browser download), a page that records console
// errors and failed requests, and screenshots kept as test artefacts.
import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { chromium } from "playwright-core";

export const baseUrl = process.env.E2E_BASE_URL ?? "http://localhost:9400";
export const screenshotDir = "test-results/screenshots";
mkdirSync(screenshotDir, { recursive: true });

/**
 * A page that records its console errors and page errors (`errors`) and any request to another
 * host (`foreignRequests`).
 * @typedef {import("playwright-core").Page & { errors: string[], foreignRequests: string[] }} WatchedPage
 */

export const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-background-networking", "--disable-gpu"],
};

/**
 * The suite's browser. Under `npm run test:e2e` every file connects to the one Chromium that
 * e2e/run.mjs started (E2E_BROWSER_WS): a launch per file cost a second or two of both cores
 * each time. Each test still opens a context of its own (a fresh profile: no cache, no
 * cookies), and closing the connection closes this file's contexts, not the shared browser.
 * A file run alone with `node --test` launches its own.
 */
export async function launch() {
  const endpoint = process.env.E2E_BROWSER_WS;
  return endpoint ? chromium.connect(endpoint) : chromium.launch(launchOptions);
}

/** A page whose console errors and page errors are collected in `page.errors`. */
/**
 * @param {import("playwright-core").Browser} browser
 * @param {{ width?: number, height?: number, reducedMotion?: "reduce" | "no-preference",
 *   javaScriptEnabled?: boolean }} [options]
 * @returns {Promise<WatchedPage>}
 */
export async function openPage(
  browser,
  { width = 1280, height = 900, reducedMotion = "no-preference", javaScriptEnabled = true } = {},
) {
  const context = await browser.newContext({
    viewport: { width, height },
    reducedMotion,
    javaScriptEnabled,
    locale: "fr-FR",
  });
  const page = /** @type {WatchedPage} */ (await context.newPage());
  page.errors = [];
  page.on("console", (message) => {
    if (message.type() === "error") page.errors.push(message.text());
  });
  page.on("pageerror", (error) => page.errors.push(error.message));
  // Every request must stay on the site: no font CDN, no tracker, no third-party host.
  page.foreignRequests = [];
  page.on("request", (request) => {
    const { hostname, protocol } = new URL(request.url());
    if (protocol.startsWith("http") && hostname !== new URL(baseUrl).hostname) {
      page.foreignRequests.push(request.url());
    }
  });
  if (javaScriptEnabled) {
    // A site page fetches its islands' start-up script once it has painted (src/islands/
    // inline-start.ts), which may come after the load event that navigations wait for: a test
    // then waits for the mark the start-up script leaves, as a visitor would for the page to show.
    const islandsStarted = () =>
      page.waitForFunction(
        () =>
          !document.querySelector("[data-site-header]") ||
          document.documentElement.dataset.islands === "started",
      );
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    Object.assign(page, {
      /** @type {typeof page.goto} */
      goto: async (url, options) => {
        const response = await goto(url, options);
        await islandsStarted();
        return response;
      },
      /** @type {typeof page.reload} */
      reload: async (options) => {
        const response = await reload(options);
        await islandsStarted();
        return response;
      },
    });
  }
  return page;
}

/**
 * Resolves once the quote form's island has hydrated, shown by what only its code does: a phone
 * number too short is refused as soon as the field is left. Types « 12 » in the field.
 * @param {import("playwright-core").Locator} form
 * @param {{ timeout?: number }} [options]
 */
export async function formChecksWhatIsTyped(form, { timeout } = {}) {
  const phone = form.getByLabel("Téléphone", { exact: true });
  await phone.fill("12");
  await phone.blur();
  await form.getByText(/Format de téléphone français invalide/).waitFor({ timeout });
}

/** @param {import("playwright-core").Page} page */
export async function horizontalOverflow(page) {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

// e2e/admin.test.mjs runs the admin's local backend (decap-server on CMS_PORT) while other files
// run, and an admin opened on localhost signs in there whenever it answers.
const localBackend = `http://localhost:${process.env.CMS_PORT ?? "8081"}/**`;

/**
 * A page as openPage makes it, which never reaches the admin's local backend: the admin it
 * opens shows GitHub's sign-in whatever else runs.
 * @param {import("playwright-core").Browser} browser
 * @param {Parameters<typeof openPage>[1]} [options]
 */
export async function openGitHubAdminPage(browser, options) {
  const page = await openPage(browser, options);
  await page.context().route(localBackend, (route) => route.abort());
  return page;
}

/**
 * @param {import("playwright-core").Page} page
 * @param {string} selector
 */
export function isInViewport(page, selector) {
  return page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top < window.innerHeight && box.bottom > 0;
  });
}

export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * Waits for the sections left out of the page's first layout to be laid out, a frame each after
 * the first paint (src/islands/section-layout.ts): colours are read where the page is drawn, and a
 * skipped section is not drawn until a frame after it nears the screen or takes the focus.
 * @param {import("playwright-core").Page} page
 */
export async function sectionsLaidOut(page) {
  await page.waitForFunction(
    () =>
      !matchMedia("(scripting: enabled)").matches ||
      !document.querySelector("[data-site-header]") ||
      document.documentElement.hasAttribute("data-whole-page"),
  );
}

/**
 * Violations axe-core finds on the page, as "rule: target" lines: WCAG 2.1 A and AA rules unless
 * other axe tags are given (the accessibility suite adds "best-practice").
 */
/**
 * `within` limits the audit to the elements a selector matches (the whole page by default).
 * @param {import("playwright-core").Page} page
 * @param {{ tags?: string[], within?: string }} [options]
 */
export async function accessibilityViolations(page, { tags = wcagTags, within } = {}) {
  await sectionsLaidOut(page);
  const builder = new AxeBuilder({ page }).withTags(tags);
  const results = await (within ? builder.include(within) : builder).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(" ")}`),
  );
}
