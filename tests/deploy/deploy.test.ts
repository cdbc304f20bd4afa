import { execFile, execFileSync } from "node:child_process";
import { createHmac, randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gitAs } from "./editor";
import { nodeArgs } from "../../src/test-utils/compiled-server";
import { completeContent } from "../pipeline/support/published-content";
import { sampleRequest, waitFor } from "../pipeline/support/leads";
import { personHeaders } from "../../src/test-utils/anti-bot";
import { SiteProcess } from "../pipeline/support/site-process";
import { TestSmtp } from "../pipeline/support/smtp";
import { chromium, type Browser } from "playwright-core";
import { inFrench, parisInstant, parisWallTime } from "../../src/shared/content-model/paris-time";
import { startGitHubStatuses, type GitHubStatuses } from "./github-statuses";

// « Publier » on our own server, end to end with the real parts: git (a bare repository on disk
// stands for GitHub), the real site built by Gatsby in the server's working copy, `npm run serve`
// with deploys on, a push webhook signed and shaped as GitHub documents it, the SMTP listener; and
// the drafts' previews, told to a GitHub on loopback as commit statuses, opened in Chromium.

const projectRoot = join(__dirname, "..", "..");
const port = 9740;
const smtp = new TestSmtp(9741);
const work = mkdtempSync(join(tmpdir(), "deploy-pipeline-"));
const remote = join(work, "remote.git");
const editor = join(work, "editor");
const secret = "the webhook's secret, as GitHub keeps it";
const githubPort = 9742;
const githubToken = "github_pat_11HESTIA0statuses_write_only_test";
const deployEnv = {
  PREVIEW_URL: `http://{name}.apercu.localhost:${port}`,
  DEPLOY_GITHUB_TOKEN: githubToken,
  CMS_GITHUB_URL: `http://127.0.0.1:${githubPort}`,
  DEPLOY_GIT_URL: remote,
  DEPLOY_WEBHOOK_SECRET: secret,
  DEPLOY_DIR: join(work, "deploy"),
  CMS_REPO: "hestia/site",
  SMTP_URL: smtp.url,
  QUOTE_NOTIFY_TO: "ventes@hestia.test",
  QUOTE_MAIL_FROM: "Site Hestia <site@hestia.test>",
  QUOTE_ACK: "1",
  // The editor's domain: a failed build's email goes back to its author (failure-email.ts).
  DEPLOY_NOTIFY_DOMAINS: "hestia.test",
};
const site = new SiteProcess(port, deployEnv);

const git = (...args: string[]) => gitAs(editor, ...args);

/** An edit as the admin commits it on the branch, pushed; resolves to the commit. */
function publish(file: string, edit: (text: string) => string, message: string): string {
  const path = join(editor, file);
  writeFileSync(path, edit(readFileSync(path, "utf8")));
  git("commit", "--quiet", "--all", "--message", message);
  git("push", "--quiet", "origin", "HEAD:main");
  return git("rev-parse", "HEAD");
}

/** `npm run site -- …`, the compiled CLI as npm would run it, with the server's environment. */
function siteCommand(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      nodeArgs("site", ...args),
      { cwd: work, env: { ...process.env, ...deployEnv, TZ: "UTC" }, timeout: 600_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The push webhook as GitHub sends it: its headers, its payload, the body signed. */
function githubPush(commit: string, before: string, message: string, ref = "refs/heads/main") {
  const body = JSON.stringify({
    ref,
    before,
    after: commit,
    created: false,
    deleted: false,
    forced: false,
    compare: `https://github.com/hestia/site/compare/${before.slice(0, 12)}...${commit.slice(0, 12)}`,
    repository: { id: 1, name: "site", full_name: "hestia/site", default_branch: "main" },
    pusher: { name: "claire", email: "claire@hestia.test" },
    sender: { login: "claire", id: 2 },
    head_commit: {
      id: commit,
      message,
      timestamp: new Date().toISOString(),
      author: { name: "Claire Martin", email: "claire@hestia.test", username: "claire" },
      committer: { name: "Claire Martin", email: "claire@hestia.test", username: "claire" },
    },
    commits: [
      { id: commit, message, author: { name: "Claire Martin", email: "claire@hestia.test" } },
    ],
  });
  return {
    body,
    headers: {
      "content-type": "application/json",
      "user-agent": "GitHub-Hookshot/044aadd",
      "x-github-event": "push",
      "x-github-delivery": randomUUID(),
      "x-github-hook-id": "292430182",
      "x-hub-signature-256": `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`,
    },
  };
}

const send = (request: { body: string; headers: Record<string, string> }) =>
  fetch(`${site.url}/api/deploy/github`, { method: "POST", ...request });

interface Status {
  state: string;
  live: { commit: string } | null;
  failure: { commit: string; message: string; problems: string[] } | null;
  rollback?: unknown;
}
const status = async (): Promise<Status> =>
  (await fetch(`${site.url}/api/deploy/status`)).json() as Promise<Status>;

const home = async () => {
  const response = await fetch(`${site.url}/`);
  return { status: response.status, html: await response.text() };
};
/** The « Dossiers traités chaque mois » figure as the page shows it (« 3 500 »). */
const casesPerMonth = (html: string) =>
  /Dossiers traités chaque mois<\/dt><dd[^>]*>([^<]+)</.exec(html)?.[1];

let firstCommit: string;
let github: GitHubStatuses;
let browser: Browser;

beforeAll(async () => {
  // The project as committed stands for the client's repository on GitHub.
  execFileSync("git", ["clone", "--quiet", "--bare", projectRoot, remote]);
  const head = execFileSync("git", ["rev-parse", "HEAD"], { cwd: projectRoot, encoding: "utf8" });
  execFileSync("git", ["--git-dir", remote, "update-ref", "refs/heads/main", head.trim()]);
  execFileSync("git", ["clone", "--quiet", "--branch", "main", remote, editor]);
  completeContent(editor);
  firstCommit = (() => {
    git("commit", "--quiet", "--all", "--message", "Coordonnées de la société");
    git("push", "--quiet", "origin", "HEAD:main");
    return git("rev-parse", "HEAD");
  })();
  await smtp.start();
  github = await startGitHubStatuses({
    port: githubPort,
    repository: "hestia/site",
    tokens: { [githubToken]: "statuses:write" },
  });
  // The first install, by hand: the working copy's npm ci and a cold build.
  const first = await siteCommand("deploy");
  expect(first.stderr).toBe("");
  expect(first.stdout).toContain(`En ligne : ${firstCommit.slice(0, 7)}`);
  await site.start();
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await site.destroy();
  await github?.stop();
  await smtp.stop();
  rmSync(work, { recursive: true, force: true });
});

test("GitHub's ping is answered; a forged signature, another branch, a body that is not JSON deploy nothing", async () => {
  const live = (await status()).live?.commit;
  expect(live).toBe(firstCommit);
  const ping = JSON.stringify({ zen: "Keep it logically awesome.", hook_id: 292430182 });
  const pinged = await send({
    body: ping,
    headers: {
      "content-type": "application/json",
      "x-github-event": "ping",
      "x-github-delivery": randomUUID(),
      "x-hub-signature-256": `sha256=${createHmac("sha256", secret).update(ping).digest("hex")}`,
    },
  });
  expect(pinged.status).toBe(200);

  const push = githubPush(firstCommit, firstCommit, "Rien");
  const forged = await send({
    body: push.body,
    headers: { ...push.headers, "x-hub-signature-256": `sha256=${"0".repeat(64)}` },
  });
  expect(forged.status).toBe(401);
  const unsigned = { ...push.headers } as Record<string, string>;
  delete unsigned["x-hub-signature-256"];
  expect((await send({ body: push.body, headers: unsigned })).status).toBe(401);
  expect(
    (await send(githubPush(firstCommit, firstCommit, "Brouillon", "refs/heads/cms/brouillon")))
      .status,
  ).toBe(202);
  const notJson = "ref=refs/heads/main";
  const badBody = await send({
    body: notJson,
    headers: {
      ...push.headers,
      "x-hub-signature-256": `sha256=${createHmac("sha256", secret).update(notJson).digest("hex")}`,
    },
  });
  expect(badBody.status).toBe(400);
  expect((await fetch(`${site.url}/api/deploy/github`)).status).toBe(405);
  expect(await status()).toMatchObject({ state: "idle", live: { commit: firstCommit } });
});

test("a signed push puts the changed figure live; the page polled through the switch is whole every time", async () => {
  const before = await home();
  expect(casesPerMonth(before.html)).toMatch(/^3\D500$/);
  const commit = publish(
    "content/figures/figures.md",
    (text) => text.replace("casesPerMonth: 3500", "casesPerMonth: 4700"),
    "Chiffres : dossiers par mois",
  );
  const push = githubPush(commit, firstCommit, "Chiffres : dossiers par mois");
  expect((await send(push)).status).toBe(202);
  // The same delivery again (GitHub's « Redeliver »): answered, not deployed twice.
  const again = await send(push);
  expect(again.status).toBe(202);
  expect(await again.json()).toEqual({ message: "ignored: delivery already received" });

  const seen = new Set<string | undefined>();
  let polls = 0;
  await waitFor(
    async () => {
      const page = await home();
      polls += 1;
      expect(page.status).toBe(200);
      seen.add(casesPerMonth(page.html));
      return casesPerMonth(page.html)?.endsWith("700") === true;
    },
    300_000,
    "the new figure on the page",
  );
  expect([...seen].every((figure) => /^(3\D500|4\D700)$/.test(figure ?? ""))).toBe(true);
  expect(polls).toBeGreaterThan(1);
  // Built from the same server code as the server runs: nothing to update.
  expect(await status()).toMatchObject({ state: "idle", live: { commit }, serverUpdate: null });
  // The scripts the page fetches are served, from the release it came from.
  const scripts = [...(await home()).html.matchAll(/"(\/islands\/[\w.-]+\.js)"/g)].map(
    (m) => m[1]!,
  );
  expect(scripts).not.toEqual([]);
  for (const script of scripts) expect((await fetch(`${site.url}${script}`)).status).toBe(200);
}, 600_000);

test("a placeholder pushed: the live release stays, the author is emailed the file and the field", async () => {
  const live = (await status()).live!.commit;
  const commit = publish(
    "content/company/company.md",
    (text) => text.replace(/^insurer: .*$/m, 'insurer: "[À COMPLÉTER : assureur RCP]"'),
    "Assureur à confirmer",
  );
  expect((await send(githubPush(commit, live, "Assureur à confirmer"))).status).toBe(202);
  await waitFor(async () => (await status()).state === "failed", 300_000, "the deploy's failure");
  expect(await status()).toMatchObject({ live: { commit: live }, failure: { commit } });
  expect(casesPerMonth((await home()).html)).toMatch(/^4\D700$/);
  await waitFor(() => smtp.mails.length === 1, 30_000, "the author's email");
  const [mail] = smtp.mails;
  expect(mail!.to).toMatchObject({ text: "claire@hestia.test" });
  expect(mail!.subject).toBe("Publication non mise en ligne : Assureur à confirmer");
  expect(mail!.text).toContain("content/company/company.md");
  expect(mail!.text).toContain("« insurer »");
  expect(mail!.text).toContain("La version précédente du site reste en ligne.");
}, 600_000);

test("rollback to the release before, and back, from the command line beside the server", async () => {
  const live = (await status()).live!.commit;
  const list = await siteCommand("releases");
  expect(list.stdout).toContain(`* en ligne ${live.slice(0, 7)}`);
  expect(list.stdout).toContain(firstCommit.slice(0, 7));
  const back = await siteCommand("rollback");
  expect(back.stdout).toContain(`En ligne : ${firstCommit.slice(0, 7)}`);
  expect(casesPerMonth((await home()).html)).toMatch(/^3\D500$/);
  expect((await status()).live?.commit).toBe(firstCommit);
  // The public status says when and from what, never who (an operator's name is personal data).
  expect((await status()).rollback).toEqual({
    at: expect.any(String),
    from: live,
    to: firstCommit,
  });
  const forth = await siteCommand("rollback", live.slice(0, 10));
  expect(forth.code).toBe(0);
  expect(casesPerMonth((await home()).html)).toMatch(/^4\D700$/);
}, 120_000);

/** Pushes `commit` (after `before`) and resolves once the server has it live. */
async function deployed(commit: string, before: string, message: string): Promise<void> {
  expect((await send(githubPush(commit, before, message))).status).toBe(202);
  await waitFor(
    async () => (await status()).live?.commit === commit,
    300_000,
    `« ${message} » live`,
  );
}

test("a push that changes a stylesheet alone is live in every page's inlined CSS", async () => {
  // The branch still holds the placeholder pushed above: its author completes it first.
  const insurer = /^insurer: .*$/m.exec(git("show", `${firstCommit}:content/company/company.md`));
  const completed = publish(
    "content/company/company.md",
    (text) => text.replace(/^insurer: .*$/m, insurer![0]),
    "Assureur confirmé",
  );
  await deployed(completed, (await status()).live!.commit, "Assureur confirmé");
  expect((await home()).html).toContain("#e8eef6");
  const commit = publish(
    "src/styles/tokens.css",
    (text) => text.replace("--color-brand-soft: #e8eef6;", "--color-brand-soft: #e9eff7;"),
    "Fond des encadrés un ton plus clair",
  );
  await deployed(commit, completed, "Fond des encadrés");
  for (const path of ["/", "/mentions-legales"]) {
    const html = await (await fetch(`${site.url}${path}`)).text();
    expect(html).toContain("#e9eff7");
    expect(html).not.toContain("#e8eef6");
  }
}, 600_000);

test("an older push delivered after a newer one, and again after a restart, changes nothing", async () => {
  const live = (await status()).live!.commit;
  const log = git("log", "--format=%H", "-3").split("\n");
  const older = log[1]!;
  const ignoredLive = `deploy ignored: ${live} is already live`;
  const ignored = () => site.output.split(ignoredLive).length - 1;
  const delivered = githubPush(older, log[2]!, "Un envoi en retard");
  expect((await send(delivered)).status).toBe(202);
  // The branch's newest commit is the live one: nothing is built.
  await waitFor(() => ignored() === 1, 60_000, "the deploy ignored");
  expect(await status()).toMatchObject({ state: "idle", live: { commit: live } });

  await site.stop();
  await site.start();
  const again = await send(delivered);
  expect(await again.json()).toEqual({ message: "ignored: delivery already received" });
  const live2 = await send(githubPush(live, older, "Le même, à nouveau"));
  expect(await live2.json()).toEqual({ message: `ignored: ${live} is already live` });
  const replayed = await send(githubPush(older, log[2]!, "Rejoué après redémarrage"));
  expect(replayed.status).toBe(202);
  await waitFor(() => ignored() === 2, 60_000, "the replay ignored");
  expect((await status()).live?.commit).toBe(live);
}, 300_000);

test("a change of company.md reaches the acknowledgement email without a restart", async () => {
  const before = (await status()).live!.commit;
  const commit = publish(
    "content/company/company.md",
    (text) => text.replace(/^phone: .*$/m, 'phone: "04 72 00 00 00"'),
    "Nouveau standard",
  );
  await deployed(commit, before, "Nouveau standard");
  const mailsBefore = smtp.mails.length;
  const response = await fetch(`${site.url}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(await personHeaders()) },
    body: JSON.stringify(sampleRequest),
  });
  expect(response.status).toBe(201);
  await waitFor(
    () => smtp.mails.slice(mailsBefore).some((mail) => mail.messageId?.startsWith("<devis-ack-")),
    30_000,
    "the acknowledgement",
  );
  const ack = smtp.mails
    .slice(mailsBefore)
    .find((mail) => mail.messageId?.startsWith("<devis-ack-"));
  expect(ack?.text).toContain("04 72 00 00 00");
  expect(ack?.text).not.toContain("01 99 00 12 34");
}, 600_000);

/** A draft as the admin's editorial workflow saves it: a commit on its branch, pushed, its push sent. */
async function saveDraft(branch: string, file: string, edit: (text: string) => string) {
  git("fetch", "--quiet", "origin", "main");
  git("checkout", "--quiet", "-B", branch, "origin/main");
  const path = join(editor, file);
  writeFileSync(path, edit(existsSync(path) ? readFileSync(path, "utf8") : ""));
  git("add", "--", file);
  git("commit", "--quiet", "--all", "--message", `Create Chiffres “${branch}”`);
  git("push", "--quiet", "--force", "origin", `HEAD:refs/heads/${branch}`);
  const commit = git("rev-parse", "HEAD");
  git("checkout", "--quiet", "main");
  const push = githubPush(
    commit,
    git("rev-parse", "origin/main"),
    "Brouillon",
    `refs/heads/${branch}`,
  );
  expect((await send(push)).status).toBe(202);
  return commit;
}

/** GitHub's push event for a deleted branch: `deleted`, and `after` all zeros. */
function githubDeleted(branch: string) {
  const body = JSON.stringify({
    ref: `refs/heads/${branch}`,
    before: git("rev-parse", "HEAD"),
    after: "0".repeat(40),
    created: false,
    deleted: true,
    forced: false,
    repository: { id: 1, name: "site", full_name: "hestia/site", default_branch: "main" },
    head_commit: null,
    commits: [],
  });
  return {
    body,
    headers: {
      "content-type": "application/json",
      "x-github-event": "push",
      "x-github-delivery": randomUUID(),
      "x-hub-signature-256": `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`,
    },
  };
}

// The first draft builds cold, in the drafts' own working copy (install and Gatsby's caches).
const statusOf = (commit: string, state: string, context = "deploy/apercu") =>
  github.waitFor((s) => s.sha === commit && s.state === state && s.context === context, 900_000);

test("a draft pushed: pending then success on GitHub; its link shows the draft with its banner, not indexed, at 360 and 1280 px, while the site keeps the live figure; merged, the site shows it and the preview is gone", async () => {
  const branch = "cms/figures/figures";
  const live = casesPerMonth((await home()).html);
  const draft = await saveDraft(branch, "content/figures/figures.md", (text) =>
    text.replace(/^casesPerMonth: \d+$/m, "casesPerMonth: 5100"),
  );
  const pending = await statusOf(draft, "pending");
  const success = await statusOf(draft, "success");
  expect(pending.at).toBeLessThanOrEqual(success.at);
  expect(success.authorization).toBe(`Bearer ${githubToken}`);
  const preview = success.target_url!;
  expect(preview).toMatch(new RegExp(`^http://figures-[a-z2-7]{16}\\.apercu\\.localhost:${port}$`));

  for (const width of [360, 1280]) {
    const page = await browser.newPage({ viewport: { width, height: 900 }, locale: "fr-FR" });
    const answer = await page.goto(preview);
    expect(answer?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    await expect(page.getByRole("note", { name: "Aperçu" }).innerText()).resolves.toMatch(
      /Aperçu — non publié — branche\s+cms\/figures\/figures/,
    );
    expect(casesPerMonth(await page.content())).toMatch(/^5\D100$/);
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe(
      "noindex, nofollow",
    );
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${preview}/`);
    // The form's request, as the form sends it: refused in French, nothing reaches sales.
    const refused = await page.evaluate(async () => {
      const response = await fetch("/api/contact", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      return { status: response.status, body: (await response.json()) as { messageText: string } };
    });
    expect(refused).toMatchObject({
      status: 403,
      body: { messageText: expect.stringMatching(/aperçu/) },
    });
    await page.close();
  }
  expect(casesPerMonth((await home()).html)).toBe(live);

  // « Publier » in the admin merges the draft and deletes its branch.
  git("pull", "--quiet", "--ff-only", "origin", "main");
  git("merge", "--quiet", "--no-ff", "-m", "Update Chiffres “figures”", draft);
  git("push", "--quiet", "origin", "main");
  const merged = git("rev-parse", "HEAD");
  git("push", "--quiet", "origin", "--delete", branch);
  await deployed(merged, draft, "Update Chiffres");
  const published = await home();
  expect(casesPerMonth(published.html)).toMatch(/^5\D100$/);
  // Built in the same working copy as the preview: nothing of the preview is left in it.
  expect(published.html).not.toContain("Aperçu — non publié");
  expect(published.html).not.toContain("apercu.localhost");
  expect(published.html).not.toContain("noindex");
  expect(await (await fetch(`${site.url}/robots.txt`)).text()).not.toContain("Disallow: /\n");
  await statusOf(merged, "success", "deploy/publication");
  expect((await send(githubDeleted(branch))).status).toBe(202);
  const page = await browser.newPage();
  await waitFor(
    async () => (await page.goto(preview))?.status() === 404,
    60_000,
    "the preview removed",
  );
  await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toBe(
    "Cet aperçu n'existe pas ou n'existe plus",
  );
  await page.close();
}, 1_500_000);

test("a draft with a placeholder: failure on GitHub naming the file, linking to every problem in French; a guessed name gets the French page", async () => {
  const draft = await saveDraft("cms/company/company", "content/company/company.md", (text) =>
    text.replace(/^insurer: .*$/m, 'insurer: "[À COMPLÉTER : assureur RCP]"'),
  );
  const failure = await statusOf(draft, "failure");
  expect(failure.description).toContain("content/company/company.md");
  expect(failure.target_url).toMatch(/\/_apercu\/echec$/);
  const page = await browser.newPage();
  await page.goto(failure.target_url!);
  await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toBe(
    "L'aperçu n'a pas pu être construit",
  );
  await expect(page.getByRole("listitem").first().innerText()).resolves.toContain("« insurer »");
  const guessed = await page.goto(`http://company.apercu.localhost:${port}/`);
  expect(guessed?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toBe(
    "Cet aperçu n'existe pas ou n'existe plus",
  );
  await page.close();
}, 600_000);

test("a draft that schedules a new legal version: previewed as of its instant, « Aperçu au … », while the site keeps the version in force", async () => {
  // Noon in Paris, a month ahead: never in a daylight-saving gap, always after the build.
  const day = parisWallTime(new Date(Date.now() + 30 * 86_400_000)).slice(0, 10);
  const applicable = parisInstant(`${day} 12:00`)!;
  const sentence = "Cette version programmée remplace la précédente.";
  const draft = await saveDraft(
    "cms/legal/mentions-legales-programmee",
    "content/legal/mentions-legales-2.md",
    () =>
      readFileSync(join(editor, "content/legal/mentions-legales.md"), "utf8")
        .replace(/^updatedAt: .*$/m, (line) => `${line}\napplicableFrom: "${day} 12:00"`)
        .replace(/\n---\n/, `\n---\n\n${sentence}\n`),
  );
  const success = await statusOf(draft, "success");
  const page = await browser.newPage({ viewport: { width: 360, height: 800 }, locale: "fr-FR" });
  await page.goto(`${success.target_url}/mentions-legales`);
  await expect(page.getByRole("note", { name: "Aperçu" }).innerText()).resolves.toMatch(
    new RegExp(`^Aperçu au ${inFrench(applicable)} \\(heure de Paris\\) — non publié — branche`),
  );
  await expect(page.locator("main").innerText()).resolves.toContain(sentence);
  await expect(page.locator("main").innerText()).resolves.toContain(
    `Applicable depuis le ${inFrench(applicable)} (heure de Paris).`,
  );
  await page.close();
  // The published site: the version in force, nothing of the draft's.
  const live = await (await fetch(`${site.url}/mentions-legales`)).text();
  expect(live).not.toContain(sentence);
  expect(live).not.toContain("Aperçu au");
}, 900_000);
