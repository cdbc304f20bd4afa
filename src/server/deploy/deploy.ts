import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, rmSync, statfsSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { DeployFailure, run } from "./command";
import {
  addRelease,
  deployPaths,
  pruneReleases,
  readRegularFile,
  serverCodeHash,
  switchTo,
  type ReleaseInfo,
} from "./releases";
import { switchCachesTo, type BuildKind } from "./build-caches";
import { boxArguments, boxPaths } from "./sandbox";
import type { DeploySettings } from "./settings";

// One deploy: the branch fetched into the working copy by git, as the server (it holds the
// credentials); then, in the build box (sandbox.ts), the install when a lock file changed and the
// production build (CONTENT_STRICT=1) at a lower CPU priority than the server; then the server
// copies the built site out of the box into a release of its own, switched live in one step.
// Only forward: a commit older than the live one, or the live one itself, is not built again
// (going back is `npm run site -- rollback`).

/** The commit a deploy builds, as git tells it. */
export interface DeployTarget {
  commit: string;
  author: { name: string; email: string } | null;
  /** The commit's subject line. */
  message: string;
  committedAt: string;
}

export type DeployOutcome =
  | { live: true; release: ReleaseInfo }
  /** Nothing built: why, in English, for the log. */
  | { live: false; reason: string; commit: string };

export interface DeployContext {
  /** The live release's commit: only a newer one is built. */
  liveCommit: string | null;
  /** A commit that just failed and is not to be built again (a push's), or null. */
  failedCommit?: string | null;
  /** Told which commit is being built, once git knows it. */
  onTarget?: (target: DeployTarget) => void;
  signal: AbortSignal;
}

/** How often the free space is looked at while the box runs. */
const diskCheckMs = 2_000;

/**
 * Aborts when the working copy's file system has less than `minFreeBytes` free: a build that
 * fills the disk is stopped before the server can no longer write a lead (the database is often
 * on the same disk). The working copy is then emptied but for git's files.
 */
function diskGuard(work: string, minFreeBytes: number) {
  const controller = new AbortController();
  const timer = setInterval(() => {
    const { bavail, bsize } = statfsSync(work);
    if (bavail * bsize < minFreeBytes) {
      controller.abort(
        new DeployFailure(
          `la construction remplissait le disque (moins de ${Math.round(minFreeBytes / 1024 ** 2)} Mo libres) : elle a été arrêtée et sa copie de travail vidée`,
          [],
          [],
        ),
      );
    }
  }, diskCheckMs);
  timer.unref();
  return {
    signal: controller.signal,
    stop: () => clearInterval(timer),
    emptyIfTripped: () => {
      if (!controller.signal.aborted) return;
      for (const name of readdirSync(work)) {
        if (name !== ".git") rmSync(join(work, name), { recursive: true, force: true });
      }
    },
  };
}

/** Locks git leaves when it is killed: the deploy lock is ours, so no git runs here now. */
function removeStaleGitLocks(gitDir: string): void {
  if (!existsSync(gitDir)) return;
  for (const entry of readdirSync(gitDir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith(".lock") && !entry.parentPath.includes("objects")) {
      rmSync(join(entry.parentPath, entry.name), { force: true });
    }
  }
}

/** The working copy, ready to fetch: git run as the server, stopped with the deploy. */
export async function openWorkingCopy(settings: DeploySettings, signal: AbortSignal) {
  const { work, home } = deployPaths(settings.dir);
  mkdirSync(work, { recursive: true, mode: 0o700 });
  mkdirSync(home, { recursive: true, mode: 0o700 });
  removeStaleGitLocks(join(work, ".git"));
  // The commands that say what they did not do must not quote DEPLOY_GIT_URL (redact.ts masks it
  // anyway): « git fetch » names the step.
  const git = (args: string[], shownAs = `git ${args[0]}`) =>
    run("setpriv", ["--pdeathsig", "KILL", "--", "git", ...args], {
      cwd: work,
      env: settings.buildEnv,
      signal,
      shownAs,
    });
  const succeeds = (args: string[]) =>
    git(args).then(
      () => true,
      () => false,
    );
  if (!existsSync(join(work, ".git"))) {
    await git(["init", "--quiet"]);
    await git(["remote", "add", "origin", settings.gitUrl], "git remote add");
  } else {
    await git(["remote", "set-url", "origin", settings.gitUrl], "git remote set-url");
  }
  /** Fetches `branch` (checked by the caller); resolves to its tracking ref. */
  const fetchBranch = async (branch: string) => {
    const tracking = `refs/remotes/origin/${branch}`;
    await git(["fetch", "--no-tags", "--quiet", "origin", `+refs/heads/${branch}:${tracking}`]);
    return tracking;
  };
  return { work, git, succeeds, fetchBranch, signal };
}

export type WorkingCopy = Awaited<ReturnType<typeof openWorkingCopy>>;

/**
 * Deploys `commit` (forty hex digits), or the branch's newest commit when null. Resolves to what
 * went live or why nothing did; rejects with a DeployFailure, leaving the live release as it was.
 */
export async function deployCommit(
  settings: DeploySettings,
  commit: string | null,
  context: DeployContext,
): Promise<DeployOutcome> {
  if (commit !== null && !/^[0-9a-f]{40}$/.test(commit)) {
    throw new DeployFailure(`« ${commit} » n'est pas un identifiant de commit`, [], []);
  }
  const copy = await openWorkingCopy(settings, context.signal);
  const { git, succeeds } = copy;
  const tracking = await copy.fetchBranch(settings.branch);
  const target = commit ?? (await git(["rev-parse", `${tracking}^{commit}`])).trim();
  // Only what the branch holds: a commit pushed elsewhere, or not pushed at all, is not deployed.
  if (!(await succeeds(["merge-base", "--is-ancestor", target, tracking]))) {
    throw new DeployFailure(
      `le commit ${target} n'est pas sur la branche ${settings.branch} du dépôt`,
      [],
      [],
    );
  }
  if (context.liveCommit === target) {
    return { live: false, commit: target, reason: "already live" };
  }
  if (
    context.liveCommit &&
    (await succeeds(["merge-base", "--is-ancestor", target, context.liveCommit]))
  ) {
    return { live: false, commit: target, reason: `older than the live ${context.liveCommit}` };
  }
  if (context.failedCommit === target) {
    return {
      live: false,
      commit: target,
      reason: "the one that just failed (npm run site -- deploy builds it again)",
    };
  }
  const info = await buildInBox(settings, copy, target, { ...context, kind: "publication" });
  context.signal.throwIfAborted();
  let release: ReleaseInfo;
  try {
    release = addRelease(settings.dir, copy.work, {
      ...info,
      serverCode: serverCodeHash(join(copy.work, "dist", "server")),
    });
  } catch (error) {
    throw new DeployFailure(error instanceof Error ? error.message : String(error), [], []);
  }
  // Stopped while copying: the release stays aside, never live (pruned later).
  context.signal.throwIfAborted();
  switchTo(settings.dir, release.id);
  pruneReleases(settings.dir, settings.keepReleases);
  return { live: true, release };
}

/**
 * Checks `target` out in the working copy and builds it in the box, with the caches of its `kind`
 * and `env` over the build's environment (a preview's SITE_URL). Resolves to what was built;
 * rejects with a DeployFailure.
 */
export async function buildInBox(
  settings: DeploySettings,
  { git, work, signal }: WorkingCopy,
  target: string,
  context: Pick<DeployContext, "onTarget"> & { kind: BuildKind; env?: Record<string, string> },
): Promise<DeployTarget> {
  switchCachesTo(settings.dir, work, context.kind);
  await git(["checkout", "--quiet", "--force", "--detach", target]);
  // Whatever a failed build left, but the caches that keep the next build warm.
  await git(["clean", "-ffdxq", "-e", "node_modules", "-e", ".cache", "-e", "public"]);
  const [name = "", email = "", committedAt = "", message = ""] = (
    await git(["log", "-1", "--format=%an%x00%ae%x00%cI%x00%s", target])
  )
    .trimEnd()
    .split("\0");
  const info = { commit: target, author: email ? { name, email } : null, message, committedAt };
  context.onTarget?.(info);

  const disk = diskGuard(work, settings.minFreeBytes);
  const boxSignal = AbortSignal.any([signal, disk.signal]);
  const { home } = deployPaths(settings.dir);
  // Below the server in CPU priority (nice) and first in the out-of-memory killer's sights
  // (choom): a build that takes all the memory is what the kernel stops, not the server.
  const box = (command: string[], network = false) =>
    run(
      "choom",
      [
        "-n",
        "1000",
        "--",
        "bwrap",
        ...boxArguments({ ...settings.box, work, home, network }, command),
      ],
      {
        cwd: work,
        env: { ...settings.buildEnv, ...context.env },
        lowPriority: true,
        signal: boxSignal,
        shownAs: command.join(" "),
      },
    );
  try {
    await installAndBuild(settings.dir, work, box);
    return info;
  } catch (error) {
    disk.emptyIfTripped();
    throw error;
  } finally {
    disk.stop();
  }
}

/**
 * The install when a lock changed, then the build. DEPLOY_DIR/installed-lock holds the hash of the
 * lock files last installed whole: removed before an install starts, written once it is done, so
 * an install cut short or failed (by a draft's own lock, a publication that went first, a stop) is
 * run again by the next build, whichever kind.
 */
async function installAndBuild(
  dir: string,
  work: string,
  box: (command: string[], network?: boolean) => Promise<string>,
): Promise<void> {
  const { installedLock } = deployPaths(dir);
  // The site's lock and, where there is one, Decap's (decap/: installed by the site's postinstall).
  const locks = ["package-lock.json", "decap/package-lock.json"].filter((lock) =>
    existsSync(join(work, lock)),
  );
  const hash = createHash("sha256");
  for (const lock of locks) hash.update(readRegularFile(join(work, lock)) ?? "");
  const lockHash = hash.digest("hex");
  const treesInstalled = locks.every((lock) =>
    existsSync(join(work, dirname(lock), "node_modules")),
  );
  if (readRegularFile(installedLock)?.toString() !== lockHash || !treesInstalled) {
    rmSync(installedLock, { force: true });
    // npm's download alone reaches the network, and runs no script of any package: each lock's
    // tree is installed with --ignore-scripts. What the build needs only, not the test and
    // benchmark tools: half the tree, and fewer files for Gatsby to read.
    for (const lock of locks) {
      const folder = dirname(lock) === "." ? boxPaths.work : `${boxPaths.work}/${dirname(lock)}`;
      const omit = dirname(lock) === "." ? ["--omit=dev"] : [];
      await box(
        ["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund", ...omit, "--prefix", folder],
        true,
      );
    }
    // Then, with no network, the scripts `npm ci` would have run: the packages' own (those that
    // package.json allows) and the site's install scripts (its postinstall installs decap/
    // again, from the cache: offline).
    await box(["npm", "rebuild", "--offline"]);
    writeFileSync(installedLock, lockHash, { mode: 0o600 });
  }
  await box(["npm", "run", "build"]);
}
