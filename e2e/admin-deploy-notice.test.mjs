// @ts-check
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { launch, openGitHubAdminPage, screenshotDir } from "./browser.mjs";
import { startProductionServer } from "./production-server.mjs";

// The admin's notice of where the live site is (src/cms/deploy-notice.ts), in Chromium, on a
// production server of its own with deploys on: its live release is the build in public/, and
// what the deployer reports is written in DEPLOY_DIR/state.json as the deployer writes it.

const port = Number(process.env.E2E_DEPLOY_PORT ?? 9405);
const deployDir = mkdtempSync(path.join(tmpdir(), "e2e-deploy-"));
const commit = "3f786850e387550fdab836ed7e6dc881de23001b";
const release = path.join(deployDir, "releases", "20261126T130200000Z-3f786850e387");
mkdirSync(release, { recursive: true });
symlinkSync(path.resolve("public"), path.join(release, "site"));
writeFileSync(
  path.join(release, "release.json"),
  JSON.stringify({
    id: path.basename(release),
    commit,
    author: { name: "Claire Martin", email: "claire@hestia.test" },
    message: "Chiffres : dossiers par mois",
    committedAt: "2026-11-26T13:01:00.000Z",
    builtAt: "2026-11-26T13:02:00.000Z",
  }),
);
symlinkSync(path.join("releases", path.basename(release)), path.join(deployDir, "current"));

/** @param {object} state what the deployer would have written */
const report = (state) =>
  writeFileSync(
    path.join(deployDir, "state.json"),
    JSON.stringify({ state: "idle", building: null, failure: null, lockHash: null, ...state }),
  );

/** @type {import("playwright-core").Browser} */
let browser;
/** @type {Awaited<ReturnType<typeof startProductionServer>>} */
let server;

before(async () => {
  report({});
  server = await startProductionServer({
    port,
    env: {
      QUOTE_DATABASE_DIR: path.join(deployDir, "leads"),
      DEPLOY_GIT_URL: path.join(deployDir, "remote.git"),
      DEPLOY_WEBHOOK_SECRET: "the webhook's secret, 32 characters",
      DEPLOY_DIR: deployDir,
      CMS_REPO: "acme/site",
    },
  });
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(deployDir, { recursive: true, force: true });
});

describe("the admin's notice of the live site", () => {
  for (const width of [360, 1280]) {
    it(`at ${width} px: live, then building, then a failure with the content check's words`, async () => {
      const page = await openGitHubAdminPage(browser, { width, height: 800 });
      report({});
      await page.goto(`${server.url}/admin/`);
      const notice = page.getByRole("status").filter({ hasText: /publication|Mise en ligne/ });
      await notice.waitFor();
      assert.equal(await notice.textContent(), "En ligne : publication du 26 novembre à 14 h 02");
      await page.screenshot({ path: `${screenshotDir}/admin-deploy-live-${width}.png` });

      report({ state: "building", building: { commit: null, since: new Date().toISOString() } });
      await page.reload();
      await page.getByRole("status").filter({ hasText: "Mise en ligne en cours…" }).waitFor();

      report({
        state: "failed",
        failure: {
          commit: "0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c",
          at: "2026-11-26T13:10:00.000Z",
          message: "« npm run build » a échoué (code 1)",
          problems: [
            "content/company/company.md : champ « insurer » encore à compléter (CONTENT_STRICT=1 refuse de publier une affirmation sans sa preuve)",
          ],
        },
      });
      await page.reload();
      const failed = page.getByRole("status").filter({ hasText: "n'a pas été mise en ligne" });
      await failed.waitFor();
      assert.match(
        (await failed.textContent()) ?? "",
        /^La dernière publication n'a pas été mise en ligne : content\/company\/company\.md : champ « insurer » encore à compléter .*La version précédente reste en ligne\.$/,
      );
      // Inside the window, whatever its width.
      const box = await failed.boundingBox();
      assert.ok(
        box && box.x >= 0 && box.x + box.width <= width,
        `notice at ${JSON.stringify(box)}`,
      );
      await page.screenshot({ path: `${screenshotDir}/admin-deploy-failed-${width}.png` });
      assert.deepEqual(page.foreignRequests, []);
      await page.context().close();
    });
  }
});

describe("the sign-in screen", () => {
  it("shows the company's mark and name, and its button does not move when the image arrives", async () => {
    const page = await openGitHubAdminPage(browser, { width: 1280, height: 800 });
    // The image held back until the button has been measured: the slowest network there is.
    /** @type {() => void} */
    let release = () => {};
    const held = new Promise((resolve) => (release = () => resolve(undefined)));
    await page.route("**/admin/logo.svg", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}/admin/`);
    const button = page.getByRole("button", { name: "Se connecter avec GitHub" });
    await button.waitFor();
    const before = await button.boundingBox();
    release();
    const logo = page.locator('img[src="/admin/logo.svg"]');
    await logo.evaluate((img) =>
      /** @type {HTMLImageElement} */ (img).decode().catch(() => undefined),
    );
    assert.deepEqual(await button.boundingBox(), before);
    assert.equal(
      await logo.evaluate((img) => /** @type {HTMLImageElement} */ (img).naturalWidth > 0),
      true,
    );
    await page.screenshot({ path: `${screenshotDir}/admin-sign-in-logo.png` });
    await page.context().close();
  });
});
