/** @jest-environment node */
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createMiniSite } from "./mini-site";
import { captureLog } from "../../src/test-utils/log-capture";
import { Deployer, type FailureNotice } from "../../src/server/deploy/deployer";
import { takeDeployLock } from "../../src/server/deploy/lock";
import { deployPaths, listReleases } from "../../src/server/deploy/releases";
import { deployStatus, readDeployState } from "../../src/server/deploy/state";

// The deployer with real git (a bare repository on disk stands for the git host) and real npm,
// on a site of a few files whose build takes a second: what it fetches, installs, builds, puts
// live, folds and refuses. deploy.test.ts beside it does the same with the real site.

const site = createMiniSite("deployer-");
const { root, git, commit, settings } = site;
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

afterAll(() => rmSync(root, { recursive: true, force: true }));

test("a first deploy, by hand: the branch's newest commit fetched, installed, built and live", async () => {
  const deployer = newDeployer();
  deployer.request({ commit: null });
  await deployer.idle();
  expect(liveCommit()).toBe(git("rev-parse", "HEAD"));
  expect(liveIndex()).toContain("Taux : 87 %");
  expect(deployStatus(settings.dir, null)).toMatchObject({ state: "idle", failure: null });
  const installed = join(deployPaths(settings.dir).work, "node_modules");
  expect(existsSync(join(installed, "is-number", "package.json"))).toBe(true);
  expect(existsSync(join(installed, "ms"))).toBe(false);
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
  expect(deployStatus(settings.dir, null)).toMatchObject({
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

test("a push whose newest commit is the one that just failed builds nothing; asked by name, it builds again", async () => {
  const failed = readDeployState(settings.dir).failure!.commit!;
  const before = notices.length;
  const deployer = newDeployer();
  deployer.request({ commit: null, push: true });
  await deployer.idle();
  expect(deployer.lastOutcome).toMatchObject({ kind: "ignored" });
  expect(notices).toHaveLength(before);
  deployer.request({ commit: failed });
  await deployer.idle();
  expect(deployer.lastOutcome).toMatchObject({ kind: "failed" });
  expect(notices).toHaveLength(before + 1);
  expect(liveIndex()).toContain("Taux : 90 %");
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
  // Released: the lock is free to take.
  const free = takeDeployLock(settings.dir);
  expect(typeof free).toBe("function");
  (free as () => void)();

  const restarted = newDeployer();
  restarted.resumeInterrupted();
  await restarted.idle();
  expect(liveCommit()).toBe(next);
  expect(liveIndex()).toContain("Taux : 91 %");
  // The newest release, first in the list, is the one live.
  expect(listReleases(settings.dir)[0]).toMatchObject({ commit: next, live: true });
});
