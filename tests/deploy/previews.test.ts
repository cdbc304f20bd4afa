/** @jest-environment node */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { startGitHubStatuses, type GitHubStatuses } from "./github-statuses";
import { createMiniSite } from "./mini-site";
import { captureLog } from "../../src/test-utils/log-capture";
import { Deployer } from "../../src/server/deploy/deployer";
import { takeDeployLock } from "../../src/server/deploy/lock";
import { previewName, previewPattern } from "../../src/server/deploy/preview-names";
import { listPreviews, previewBuildId, previewSite } from "../../src/server/deploy/previews";
import { deployPaths } from "../../src/server/deploy/releases";
import { smallSite, testConfig, testServer } from "../../src/test-utils/test-server";

// The drafts' previews with real git (a bare repository on disk stands for GitHub), real npm and
// the build box, on the few-file site of deployer.test.ts, and a GitHub on loopback that takes
// commit statuses as GitHub's REST API does: each draft built after the publications, told to
// GitHub, served on its own origin and removed with its branch. deploy.test.ts does the same with
// the real site, in Chromium.

const site = createMiniSite("previews-");
const { root, git } = site;
const statusesPort = 9862;
const pattern = previewPattern("http://{name}.apercu.localhost:9870")!;
let github: GitHubStatuses;
let app: FastifyInstance;
const logged = captureLog();
const readOnlyToken = "github_pat_11AAAAAAA0read_only_tok";
const settings = {
  ...site.settings,
  previews: { ...pattern, keep: 3 },
  statuses: {
    apiRoot: `http://127.0.0.1:${statusesPort}/api/v3`,
    repository: "hestia/site",
    token: "github_pat_11AAAAAAA0statuses_write_only",
  },
};
/** The server's deployer (`app.deployer`), which the tests drive as the push webhook would. */
let deployer: Deployer;
const nameOf = (branch: string) => previewName(branch, settings.secret);
const hostOf = (branch: string) => new URL(pattern.origin(nameOf(branch))).host;

/** A draft as the admin's editorial workflow saves it: a commit on its own branch, pushed. */
function saveDraft(branch: string, figure: string): string {
  git("fetch", "--quiet", "origin", "main");
  git("checkout", "--quiet", "-B", branch, "origin/main");
  writeFileSync(join(site.editor, "figure.txt"), `${figure}\n`);
  git("commit", "--quiet", "--all", "--message", `Brouillon : ${figure}`);
  git("push", "--quiet", "--force", "origin", `HEAD:refs/heads/${branch}`);
  const commit = git("rev-parse", "HEAD");
  git("checkout", "--quiet", "main");
  return commit;
}

/** A commit on the published branch, pushed. */
function publish(figure: string): string {
  git("checkout", "--quiet", "main");
  git("pull", "--quiet", "--ff-only", "origin", "main");
  return site.commit(figure, `Taux ${figure}`);
}

const get = (host: string, url = "/", method: "GET" | "POST" = "GET") =>
  app.inject({ method, url, headers: { host }, ...(method === "POST" && { payload: {} }) });

const liveIndex = () =>
  readFileSync(join(deployPaths(settings.dir).current, "site", "index.html"), "utf8");

beforeAll(async () => {
  github = await startGitHubStatuses({
    port: statusesPort,
    repository: "hestia/site",
    tokens: { [settings.statuses.token]: "statuses:write", [readOnlyToken]: "read-only" },
  });
  // The server with deploys on these settings, as `npm run serve` runs it; nothing listens:
  // requests come through inject, with the Host of the origin each one is for.
  app = await testServer(
    { ...testConfig(join(root, "data")), deploy: settings },
    // Served until the first release is live, as public/ is in production.
    { publicDir: smallSite(join(root, "data")), log: logged.log },
  );
  deployer = app.deployer!;
  deployer.request({ commit: null });
  await deployer.idle();
}, 300_000);

afterAll(async () => {
  await app?.close();
  await github?.stop();
  rmSync(root, { recursive: true, force: true });
});

test("a draft pushed: pending, then success linking to its origin, which serves the draft with its banner while the site keeps the live figure", async () => {
  const branch = "cms/figures/taux";
  const commit = saveDraft(branch, "91 %");
  expect(deployer.requestDraft(branch)).toBe("started");
  await deployer.idle();
  const origin = pattern.origin(nameOf(branch));
  const told = github.statuses.filter((status) => status.sha === commit);
  expect(told.map((status) => [status.state, status.context, status.target_url])).toEqual([
    ["pending", "deploy/apercu", origin],
    ["success", "deploy/apercu", origin],
  ]);
  expect(told[0]!.authorization).toBe(`Bearer ${settings.statuses.token}`);
  // What the admin reads for the draft's head, as Decap does (its preview_context).
  const combined = (await (
    await fetch(`${settings.statuses.apiRoot}/repos/hestia/site/commits/${commit}/status`, {
      headers: { authorization: `Bearer ${settings.statuses.token}` },
    })
  ).json()) as { state: string; statuses: { context: string; target_url: string }[] };
  expect(combined.state).toBe("success");
  expect(combined.statuses.find((status) => status.context === "deploy/apercu")?.target_url).toBe(
    origin,
  );

  const preview = await get(hostOf(branch));
  expect(preview.statusCode).toBe(200);
  expect(preview.body).toContain("Taux : 91 %");
  expect(preview.body).toContain(`<link rel=canonical href=${origin}/>`);
  expect(preview.body).toContain(`Aperçu — non publié — branche ${branch}`);
  expect(preview.headers["x-robots-tag"]).toBe("noindex, nofollow");
  expect(liveIndex()).toContain("Taux : 87 %");
  const published = await get("127.0.0.1:9870");
  expect(published.body).toContain("Taux : 87 %");
  expect(published.headers["x-robots-tag"]).toBeUndefined();
});

test("on a preview's origin the form reaches no one: the API answers in French that this is a preview", async () => {
  const host = hostOf("cms/figures/taux");
  for (const url of ["/api/contact", "/api/challenge", "/api/deploy/github"]) {
    const answer = await get(host, url, url === "/api/challenge" ? "GET" : "POST");
    expect(answer.statusCode).toBe(403);
    expect(answer.json().messageText).toMatch(/aperçu du site, non publié/);
  }
  expect((await get(host, "/admin/")).statusCode).toBe(404);
});

test("a guessed or enumerated name gets the French page, as a removed one does", async () => {
  for (const name of ["taux", "taux-aaaaaaaaaaaaaaaa", "a".repeat(63), "..", "x--y"]) {
    const answer = await get(`${name}.apercu.localhost:9870`);
    expect(answer.statusCode).toBe(404);
    expect(answer.body).toContain("Cet aperçu n&#x27;existe pas ou n&#x27;existe plus");
    expect(answer.headers["x-robots-tag"]).toBe("noindex, nofollow");
  }
});

test("a draft with a placeholder: failure naming the file, linking to a page that lists every problem", async () => {
  const branch = "cms/figures/incomplet";
  const commit = saveDraft(branch, "[À COMPLÉTER : taux]");
  deployer.requestDraft(branch);
  await deployer.idle();
  const failure = github.statuses.find(
    (status) => status.sha === commit && status.state === "failure",
  );
  expect(failure?.description).toMatch(/^figure\.txt : champ « recoveryRate » encore à compléter/);
  expect(failure?.description?.length).toBeLessThanOrEqual(140);
  expect(failure?.target_url).toBe(`${pattern.origin(nameOf(branch))}/_apercu/echec`);
  const page = await get(hostOf(branch), "/_apercu/echec");
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain("L&#x27;aperçu n&#x27;a pas pu être construit");
  expect(page.body).toContain("figure.txt : champ « recoveryRate » encore à compléter");
  // Nothing built yet: its address shows the same page.
  expect((await get(hostOf(branch))).body).toContain("pas pu être construit");
});

test("a publication pushed while a draft builds goes first; the draft is built after, at its newest commit", async () => {
  const branch = "cms/figures/attente";
  const held = saveDraft(branch, "en attente");
  deployer.requestDraft(branch);
  // The held commit's build never ends by itself: it is under way once GitHub is told.
  await github.waitFor((status) => status.sha === held && status.state === "pending", 60_000);
  const draft = saveDraft(branch, "93 %");
  const release = publish("92 %");
  expect(deployer.request({ commit: null, push: true })).toBe("folded");
  await deployer.idle();
  const order = github.statuses
    .filter((status) => [held, draft, release].includes(status.sha))
    .map(
      (status) =>
        `${status.sha === release ? "publication" : status.sha === held ? "held" : "draft"} ${status.state}`,
    );
  expect(order).toEqual([
    "held pending",
    "publication pending",
    "publication success",
    "draft pending",
    "draft success",
  ]);
  expect(liveIndex()).toContain("Taux : 92 %");
  expect((await get(hostOf(branch))).body).toContain("Taux : 93 %");
});

test("a merged draft's preview goes with the publication; beyond DEPLOY_KEEP_PREVIEWS the oldest go", async () => {
  const branch = "cms/figures/taux";
  expect(previewBuildId(settings.dir, nameOf(branch))).not.toBeNull();
  git("checkout", "--quiet", "main");
  git("pull", "--quiet", "--ff-only", "origin", "main");
  git("fetch", "--quiet", "origin", branch);
  git("merge", "--quiet", "--no-ff", "-X", "theirs", "-m", "Publier le brouillon", "FETCH_HEAD");
  git("push", "--quiet", "origin", "main");
  deployer.request({ commit: null, push: true });
  await deployer.idle();
  expect(liveIndex()).toContain("Taux : 91 %");
  const gone = await get(hostOf(branch));
  expect(gone.statusCode).toBe(404);
  expect(gone.body).toContain("n&#x27;existe plus");
  expect(listPreviews(settings.dir).map((preview) => preview.branch)).toEqual([
    "cms/figures/attente",
    "cms/figures/incomplet",
  ]);
  // Three kept (DEPLOY_KEEP_PREVIEWS=3 here): the fourth pushed removes the one pushed longest ago.
  for (const branch of ["cms/figures/nouveau", "cms/figures/autre"]) {
    saveDraft(branch, "95 %");
    deployer.requestDraft(branch);
    await deployer.idle();
  }
  expect(listPreviews(settings.dir).map((preview) => preview.branch)).toEqual([
    "cms/figures/autre",
    "cms/figures/nouveau",
    "cms/figures/attente",
  ]);
  expect((await get(hostOf("cms/figures/incomplet"))).statusCode).toBe(404);
});

test("a deleted branch's preview goes at once, its files with it", async () => {
  const branch = "cms/figures/nouveau";
  const id = previewBuildId(settings.dir, nameOf(branch))!;
  git("push", "--quiet", "origin", "--delete", branch);
  deployer.dropDraft(branch);
  await deployer.idle();
  expect(() =>
    readFileSync(join(previewSite(settings.dir, nameOf(branch), id), "index.html")),
  ).toThrow();
  expect((await get(hostOf(branch))).statusCode).toBe(404);
});

test("GitHub out of reach or the token without the right: the preview is built all the same, and the log says why", async () => {
  const branch = "cms/figures/attente";
  github.down(true);
  saveDraft(branch, "96 %");
  deployer.requestDraft(branch);
  await deployer.idle();
  github.down(false);
  expect((await get(hostOf(branch))).body).toContain("Taux : 96 %");
  const refused = new Deployer(
    { ...settings, statuses: { ...settings.statuses, token: readOnlyToken } },
    { log: logged.log },
  );
  saveDraft(branch, "97 %");
  refused.requestDraft(branch);
  await refused.idle();
  expect((await get(hostOf(branch))).body).toContain("Taux : 97 %");
  const errors = logged.lines.map((line) => String(line.msg));
  expect(errors.some((msg) => msg.includes("GitHub unreachable"))).toBe(true);
  expect(errors.some((msg) => msg.includes('lacks "Commit statuses: write"'))).toBe(true);
  await refused.close();
});

test("a draft that plants files in its home, its packages and its caches changes nothing a publication runs or serves", async () => {
  const branch = "cms/figures/paquets";
  const { home, work, draftWork } = deployPaths(settings.dir);
  const pristine = readFileSync(join(work, "node_modules", "is-number", "index.js"), "utf8");
  // A draft whose build leaves behind what would run in the next build: npm settings that load
  // its code into every Node.js process, a patched package, files in Gatsby's caches.
  git("fetch", "--quiet", "origin", "main");
  git("checkout", "--quiet", "-B", branch, "origin/main");
  const plant = `
import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
const poison = 'require("fs").mkdirSync("public", { recursive: true }); require("fs").writeFileSync("public/poison.txt", "poison");';
writeFileSync(process.env.HOME + "/.npmrc", "node-options=--require /home/builder/poison.cjs\\n");
writeFileSync(process.env.HOME + "/poison.cjs", poison);
appendFileSync("node_modules/is-number/index.js", ";");
appendFileSync("node_modules/is-number/index.js", poison);
mkdirSync(".cache", { recursive: true });
writeFileSync(".cache/poison.txt", "poison");
`;
  writeFileSync(join(site.editor, "plant.mjs"), plant);
  const manifest = JSON.parse(readFileSync(join(site.editor, "package.json"), "utf8"));
  manifest.scripts.build = "node plant.mjs && node build.mjs";
  writeFileSync(join(site.editor, "package.json"), JSON.stringify(manifest));
  mkdirSync(join(site.editor, "draft-files"), { recursive: true });
  writeFileSync(join(site.editor, "draft-files", "brouillon.txt"), "du brouillon\n");
  git("add", "--all");
  git("commit", "--quiet", "--message", "Brouillon qui sème");
  git("push", "--quiet", "--force", "origin", `HEAD:refs/heads/${branch}`);
  git("checkout", "--quiet", "main");
  deployer.requestDraft(branch);
  await deployer.idle();
  // It did plant, where drafts build: its preview shows its own poison and file.
  expect(readFileSync(join(draftWork, "node_modules", "is-number", "index.js"), "utf8")).toContain(
    "poison",
  );
  expect(existsSync(join(home, ".npmrc"))).toBe(true);
  expect((await get(hostOf(branch), "/brouillon.txt")).body).toBe("du brouillon\n");
  expect((await get(hostOf(branch), "/poison.txt")).body).toBe("poison");

  publish("97 %");
  deployer.request({ commit: null, push: true });
  await deployer.idle();
  expect(liveIndex()).toContain("Taux : 97 %");
  expect(readFileSync(join(work, "node_modules", "is-number", "index.js"), "utf8")).toBe(pristine);
  expect(existsSync(join(home, ".npmrc"))).toBe(false);
  expect(existsSync(join(work, ".cache", "poison.txt"))).toBe(false);
  const released = join(deployPaths(settings.dir).current, "site");
  expect(existsSync(join(released, "poison.txt"))).toBe(false);
  expect(existsSync(join(released, "brouillon.txt"))).toBe(false);
  expect((await get("127.0.0.1:9870", "/poison.txt")).statusCode).toBe(404);
  expect((await get("127.0.0.1:9870", "/brouillon.txt")).statusCode).toBe(404);
});

test("a branch deleted while its draft builds: the build stops, the preview goes, no success is told, the lock is left free", async () => {
  const branch = "cms/figures/supprime";
  const held = saveDraft(branch, "en attente");
  deployer.requestDraft(branch);
  await github.waitFor((status) => status.sha === held && status.state === "pending", 60_000);
  git("push", "--quiet", "origin", "--delete", branch);
  deployer.dropDraft(branch);
  await deployer.idle();
  expect(listPreviews(settings.dir).map((preview) => preview.branch)).not.toContain(branch);
  expect(github.statuses.filter((status) => status.sha === held).map((s) => s.state)).toEqual([
    "pending",
  ]);
  // Released: the lock is free to take.
  const free = takeDeployLock(settings.dir);
  expect(typeof free).toBe("function");
  (free as () => void)();
  expect((await get(hostOf(branch))).statusCode).toBe(404);
});
