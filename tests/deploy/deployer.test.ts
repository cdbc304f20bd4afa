/** @jest-environment node */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gitAs } from "./editor";
import { captureLog } from "../../src/test-utils/log-capture";
import {
  Deployer,
  deployStatus,
  readDeployState,
  type FailureNotice,
} from "../../src/server/deploy/deployer";
import { deployPaths, listReleases } from "../../src/server/deploy/releases";
import { buildEnvironment, type DeploySettings } from "../../src/server/deploy/settings";

// The deployer with real git (a bare repository on disk stands for the git host) and real npm,
// on a site of a few files whose build takes a second: what it fetches, installs, builds, puts
// live, folds and refuses. deploy.test.ts beside it does the same with the real site.

const root = mkdtempSync(join(tmpdir(), "deployer-"));
const remote = join(root, "remote.git");
const editor = join(root, "editor");
const git = gitAs;

// A site whose build fails as src/build/content-checks.ts reports through Gatsby (wrapped lines).
const buildScript = `
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
const figure = readFileSync("figure.txt", "utf8").trim();
if (figure.includes("[À COMPLÉTER")) {
  console.error(" ERROR  UNKNOWN\\n\\nLe contenu de content/ comporte des erreurs :");
  console.error("  - figure.txt : champ « recoveryRate » encore à compléter (CONTENT_STRICT=1\\nrefuse de publier une affirmation sans sa preuve)\\n\\nnot finished");
  process.exit(1);
}
mkdirSync("public", { recursive: true });
writeFileSync("public/index.html", "<title>Taux : " + figure + "</title>");
writeFileSync("public/404.html", "<title>Introuvable</title>");
writeFileSync("public/_headers", "/*\\n  X-Content-Type-Options: nosniff\\n");
`;

function commit(figure: string, message: string): string {
  writeFileSync(join(editor, "figure.txt"), `${figure}\n`);
  git(editor, "commit", "--quiet", "--all", "--message", message);
  git(editor, "push", "--quiet", "origin", "HEAD:main");
  return git(editor, "rev-parse", "HEAD");
}

const settings: DeploySettings = {
  gitUrl: remote,
  secret: "a secret of the webhook, 32 chars",
  dir: join(root, "deploy"),
  repository: "hestia/site",
  branch: "main",
  notifyTo: [],
  keepReleases: 3,
  buildEnv: buildEnvironment(process.env),
};
const notices: FailureNotice[] = [];
const newDeployer = () =>
  new Deployer(settings, {
    log: captureLog().log,
    notify: async (notice) => {
      notices.push(notice);
    },
  });
const liveCommit = () => listReleases(settings.dir).find((release) => release.live)?.commit;
const liveIndex = () =>
  readFileSync(join(deployPaths(settings.dir).current, "site", "index.html"), "utf8");

beforeAll(() => {
  git(root, "init", "--quiet", "--bare", "--initial-branch=main", remote);
  mkdirSync(editor);
  git(editor, "init", "--quiet", "--initial-branch=main");
  git(editor, "remote", "add", "origin", remote);
  // One dependency (a folder of the repository), so that `npm ci` has a tree to install, and one
  // development dependency, which the server's working copy goes without.
  for (const name of ["figures", "test-tools"]) {
    mkdirSync(join(editor, name));
    writeFileSync(join(editor, name, "package.json"), JSON.stringify({ name, version: "1.0.0" }));
  }
  writeFileSync(
    join(editor, "package.json"),
    JSON.stringify({
      name: "site",
      version: "1.0.0",
      private: true,
      scripts: { build: "node build.mjs" },
      dependencies: { figures: "file:./figures" },
      devDependencies: { "test-tools": "file:./test-tools" },
    }),
  );
  execFileSync("npm", ["install", "--package-lock-only", "--no-audit", "--no-fund"], {
    cwd: editor,
    stdio: "ignore",
  });
  writeFileSync(join(editor, "build.mjs"), buildScript);
  writeFileSync(join(editor, "figure.txt"), "87 %\n");
  git(editor, "add", ".");
  git(editor, "commit", "--quiet", "--message", "Site");
  git(editor, "push", "--quiet", "origin", "HEAD:main");
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

test("a first deploy, by hand: the branch's newest commit fetched, installed, built and live", async () => {
  const deployer = newDeployer();
  deployer.request({ commit: null });
  await deployer.idle();
  expect(liveCommit()).toBe(git(editor, "rev-parse", "HEAD"));
  expect(liveIndex()).toContain("Taux : 87 %");
  expect(deployStatus(settings.dir)).toMatchObject({ state: "idle", failure: null });
  const installed = join(deployPaths(settings.dir).work, "node_modules");
  expect(existsSync(join(installed, "figures", "package.json"))).toBe(true);
  expect(existsSync(join(installed, "test-tools"))).toBe(false);
  // Marks the installed tree: a deploy whose lock file is unchanged does not install again.
  writeFileSync(join(installed, ".kept"), "");
});

test("pushes during a deploy are folded into one more deploy, of the newest commit", async () => {
  const a = commit("88 %", "Taux 88");
  const b = commit("89 %", "Taux 89");
  const c = commit("90 %", "Taux 90");
  const deployer = newDeployer();
  expect(deployer.request({ commit: a })).toBe("started");
  expect(deployer.request({ commit: b })).toBe("folded");
  expect(deployer.request({ commit: c })).toBe("folded");
  await deployer.idle();
  const built = listReleases(settings.dir).map((release) => release.commit);
  expect(built).toContain(a);
  expect(built).toContain(c);
  expect(built).not.toContain(b);
  expect(liveCommit()).toBe(c);
  expect(liveIndex()).toContain("Taux : 90 %");
  expect(existsSync(join(deployPaths(settings.dir).work, "node_modules", ".kept"))).toBe(true);
  // Three kept (DEPLOY_KEEP_RELEASES): the first one was pruned.
  expect(listReleases(settings.dir)).toHaveLength(3);
});

test("a failed build leaves the live release, and tells the author the content check's own words", async () => {
  const broken = commit("[À COMPLÉTER : taux de recouvrement]", "Taux à revoir");
  const deployer = newDeployer();
  deployer.request({
    commit: broken,
    author: { name: "Claire Martin", email: "claire@hestia.test" },
    subject: "Taux à revoir",
  });
  await deployer.idle();
  expect(liveIndex()).toContain("Taux : 90 %");
  expect(deployStatus(settings.dir)).toMatchObject({
    state: "failed",
    live: { commit: liveCommit() },
    failure: { commit: broken },
  });
  expect(notices.at(-1)).toMatchObject({
    commit: broken,
    author: { email: "claire@hestia.test" },
    subject: "Taux à revoir",
    problems: [
      "figure.txt : champ « recoveryRate » encore à compléter (CONTENT_STRICT=1 refuse de publier une affirmation sans sa preuve)",
    ],
  });
});

test("a commit the branch does not hold is not deployed", async () => {
  const deployer = newDeployer();
  deployer.request({ commit: "0123456789abcdef0123456789abcdef01234567" });
  await deployer.idle();
  expect(liveIndex()).toContain("Taux : 90 %");
  expect(readDeployState(settings.dir).failure?.message).toContain("n'est pas sur la branche main");
});

test("a deploy stopped midway (SIGTERM) never goes live; the next start finishes it", async () => {
  const next = commit("91 %", "Taux 91");
  const stopped = newDeployer();
  stopped.request({ commit: next });
  await stopped.close();
  expect(liveIndex()).toContain("Taux : 90 %");
  expect(readDeployState(settings.dir).building?.commit).toBe(next);
  expect(existsSync(deployPaths(settings.dir).lock)).toBe(false);

  const restarted = newDeployer();
  restarted.resumeInterrupted();
  await restarted.idle();
  expect(liveCommit()).toBe(next);
  expect(liveIndex()).toContain("Taux : 91 %");
  // The newest release, first in the list, is the one live.
  expect(listReleases(settings.dir)[0]).toMatchObject({ commit: next, live: true });
});
