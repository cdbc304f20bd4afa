// @ts-check
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import matter from "gray-matter";
import { baseUrl, launch, openPage, screenshotDir } from "./browser.mjs";

// The admin at /admin/ against its local backend, as `npm run cms` runs it (decap-server's git
// mode, src/cms/local-backend.mjs), but in a git repository holding a copy of content/: the test
// saves for real, through the editorial workflow, and never leaves the working copy changed.
// The admin was built with the same CMS_PORT (see src/cms/settings.ts).
const port = process.env.CMS_PORT ?? "8081";
const backendUrl = `http://localhost:${port}/api/v1`;
const repo = mkdtempSync(path.join(tmpdir(), "e2e-admin-"));
cpSync("content", path.join(repo, "content"), { recursive: true });
/** @param {string[]} args */
const git = (...args) => execFileSync("git", args, { cwd: repo, encoding: "utf8" }).trim();
git("init", "--quiet", "--initial-branch=main");
git("-c", "user.name=Site", "-c", "user.email=site@example.fr", "add", ".");
git(
  "-c",
  "user.name=Site",
  "-c",
  "user.email=site@example.fr",
  "commit",
  "--quiet",
  "-m",
  "Contenu",
);
const figuresFile = path.join(repo, "content/figures/figures.md");
const readFigures = () => matter(readFileSync(figuresFile, "utf8")).data;
/** The drafts: decap-server's branches. */
const draftBranches = () => git("for-each-ref", "--format=%(refname:short)", "refs/heads/cms/");
const figuresOnMain = () => matter(git("show", "main:content/figures/figures.md")).data;

/** @type {import("playwright-core").Browser} */
let browser;
/** @type {import("node:child_process").ChildProcess} */
let backend;

/**
 * Resolves when decap-server says it listens (its info log line), fails when it stops first:
 * another server on the port would answer in its place, writing elsewhere.
 * @param {import("node:child_process").ChildProcessByStdio<null, import("node:stream").Readable, null>} server
 */
function waitForBackend(server) {
  return new Promise((resolve, reject) => {
    let output = "";
    server.stdout.on("data", (chunk) => {
      output += chunk;
      if (output.includes(`listening on port ${port}`)) resolve(undefined);
    });
    server.once("exit", (code) =>
      reject(new Error(`decap-server stopped (${code}): is ${port} in use?\n${output}`)),
    );
  });
}

before(async () => {
  const server = spawn("node", ["src/cms/local-backend.mjs"], {
    env: {
      ...process.env,
      CMS_PORT: port,
      GIT_REPO_DIRECTORY: repo,
      // Its "listening" line is logged at info level.
      LOG_LEVEL: "info",
      // decap-server commits drafts in that repository.
      GIT_AUTHOR_NAME: "Rédaction",
      GIT_AUTHOR_EMAIL: "redaction@example.fr",
      GIT_COMMITTER_NAME: "Rédaction",
      GIT_COMMITTER_EMAIL: "redaction@example.fr",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  backend = server;
  await waitForBackend(server);
  browser = await launch();
});
after(async () => {
  await browser?.close();
  backend?.kill();
});

/** The admin, signed in to the local backend, on the figures file. */
async function openFigures() {
  const page = await openPage(browser, { width: 1400, height: 900 });
  await page.goto(`${baseUrl}/admin/#/collections/figures/entries/figures`);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await page.getByLabel("Dossiers traités par mois").waitFor();
  return page;
}

describe("the admin", () => {
  it("is kept out of search engines and loads nothing from another host", async () => {
    const page = await openPage(browser);
    const response = await page.goto(`${baseUrl}/admin/`, { waitUntil: "networkidle" });
    assert.equal(response?.status(), 200);
    assert.equal(await page.getAttribute('meta[name="robots"]', "content"), "none");
    await page.getByRole("button", { name: "Se connecter" }).waitFor();
    assert.deepEqual(page.foreignRequests, []);
    assert.deepEqual(page.errors, []);
  });

  it("saves a changed statistic as a draft, then publishes it into the Markdown file, leaving every other value as it was", async () => {
    const before = readFigures();
    const page = await openFigures();
    /** @type {string[]} */
    const missing = [];
    page.on("response", (response) => response.status() === 404 && missing.push(response.url()));
    // The preview draws the figures with the site's own Results section.
    const preview = page.frameLocator("#preview-pane");
    await preview.getByText("3\u202f500+").waitFor();

    await page.getByLabel("Dossiers traités par mois").fill("3700");
    await preview.getByText("3\u202f700+").waitFor();
    // Saved, it is a draft: a branch of its own, and main is unchanged.
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await page.getByText("Entrée enregistrée").waitFor();
    assert.equal(draftBranches(), "cms/figures/figures");
    assert.deepEqual(figuresOnMain(), before);
    await page.screenshot({ path: `${screenshotDir}/admin-figures-draft.png` });

    // Ready, then published: merged into main, whose file in content/ now holds the new figure.
    await page.getByRole("button", { name: /Statut/ }).click();
    await page.getByRole("menuitem", { name: "Prêt" }).click();
    await page.getByText("Statut de l'entrée mis à jour").waitFor();
    // Decap asks for confirmation in a browser dialog, in French.
    const confirmation = new Promise((resolve) =>
      page.once("dialog", (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      }),
    );
    await page.getByRole("button", { name: "Publier" }).click();
    await page.getByRole("menuitem", { name: "Publier maintenant" }).click();
    assert.equal(await confirmation, "Voulez-vous vraiment publier cette entrée ?");
    await page.getByText("Entrée publiée").waitFor();
    await page.screenshot({ path: `${screenshotDir}/admin-figures.png` });

    assert.deepEqual(readFigures(), { ...before, casesPerMonth: 3700 });
    assert.equal(draftBranches(), "");
    assert.deepEqual(page.foreignRequests, []);
    // The workflow asks decap-server for a draft before there is one: a 404 the browser logs.
    assert.deepEqual(
      missing.filter((url) => url !== backendUrl),
      [],
    );
    assert.deepEqual(
      page.errors.filter((error) => !error.includes("status of 404 (Not Found)")),
      [],
    );
  });

  it("refuses a percentage above 100 with the schema's limits, and writes nothing", async () => {
    const before = readFileSync(figuresFile, "utf8");
    const page = await openFigures();
    await page.getByLabel("Taux de recouvrement (%)").fill("120");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await page
      .getByText(/Le champ Taux de recouvrement \(%\) doit être compris entre 0 et 100/i)
      .waitFor();
    assert.equal(readFileSync(figuresFile, "utf8"), before);
    assert.equal(draftBranches(), "");
  });
});
