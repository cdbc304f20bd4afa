import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  rmSync,
  statfsSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { ceilingGuard, enterPrefix, openBuildGroup } from "./ceilings";
import { DeployFailure, run } from "./run-program";
import { configuredRegistry, fetchPackages, lockedPackages } from "./package-fetch";
import { deployPaths, installedLockOf, readRegularFile } from "./releases";
import { boxArguments, boxPaths } from "./sandbox";
import type { DeploySettings } from "./deploy-settings";
import type { WorkingCopy } from "./working-copy";

// A build of one commit in its kind's working copy (docs/operations.md, « Ce que voit une
// construction »). Outside the box, as the server: the checkout, and when a lock file changed,
// the lock files read and their packages fetched from the registry (package-fetch.ts). Then, in
// the box (sandbox.ts), with no network, in a group of its own with its ceilings (ceilings.ts),
// below the server in CPU priority and first in the out-of-memory killer's sights: the install
// from a copy of npm's cache, the packages' scripts, the production build (CONTENT_STRICT=1).

/** The commit a deploy builds, as git tells it. */
export interface DeployTarget {
  commit: string;
  author: { name: string; email: string } | null;
  /** The commit's subject line. */
  message: string;
  committedAt: string;
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

/** Runs a command in the box; `env` over the build's environment. */
type Box = (command: string[], env?: Record<string, string>) => Promise<string>;

/**
 * Checks `target` out in the kind's working copy and builds it in the box, with `env` over the
 * build's environment (a preview's SITE_URL). Resolves to what was built; rejects with a
 * DeployFailure.
 */
export async function buildInBox(
  settings: DeploySettings,
  copy: WorkingCopy,
  target: string,
  context: { onTarget?: (target: DeployTarget) => void; env?: Record<string, string> },
): Promise<DeployTarget> {
  const { git, work, signal } = copy;
  await git(["checkout", "--quiet", "--force", "--detach", target]);
  // Whatever a failed build left, but what keeps this kind's next build warm: its packages (the
  // install runs again when they are not the lock's, installAndBuild) and Gatsby's caches.
  await git(["clean", "-ffdxq", "-e", "node_modules", "-e", ".cache", "-e", "public"]);
  const [name = "", email = "", committedAt = "", message = ""] = (
    await git(["log", "-1", "--format=%an%x00%ae%x00%cI%x00%s", target])
  )
    .trimEnd()
    .split("\0");
  const info = { commit: target, author: email ? { name, email } : null, message, committedAt };
  context.onTarget?.(info);

  // A home no build has written in: nothing an earlier build left there (a ~/.npmrc) runs now.
  const { home } = deployPaths(settings.dir);
  rmSync(home, { recursive: true, force: true });
  mkdirSync(home, { recursive: true, mode: 0o700 });
  const group = openBuildGroup(settings.ceilings, settings.dir);
  if ("problem" in group) throw new DeployFailure(group.problem, [], []);
  const disk = diskGuard(work, settings.minFreeBytes);
  const ceilings = ceilingGuard(group);
  const boxSignal = AbortSignal.any([signal, disk.signal, ceilings.signal]);
  const box: Box = (command, env = {}) =>
    run(
      "choom",
      [
        "-n",
        "1000",
        "--",
        ...enterPrefix(group),
        "bwrap",
        ...boxArguments({ ...settings.box, work, home }, command),
      ],
      {
        cwd: work,
        env: { ...settings.buildEnv, ...context.env, ...env },
        lowPriority: true,
        signal: boxSignal,
        shownAs: command.join(" "),
      },
    );
  try {
    await installAndBuild(settings, copy, box);
    return info;
  } catch (error) {
    disk.emptyIfTripped();
    // A process the kernel stopped at a ceiling fails its step before the guard looks: the
    // ceiling is the reason, not the step.
    const ceiling = group.tripped();
    throw ceiling ? new DeployFailure(ceiling, [], []) : error;
  } finally {
    disk.stop();
    ceilings.stop();
    group.close();
  }
}

/**
 * The install when a lock changed since this kind's last whole install (installedLockOf), then the
 * build. The packages are fetched outside the box from the registry alone; the box installs them
 * from a copy of the cache, with no network.
 */
async function installAndBuild(
  settings: DeploySettings,
  { kind, work, signal }: WorkingCopy,
  box: Box,
): Promise<void> {
  const installedLock = installedLockOf(settings.dir, kind);
  // The site's lock and, where there is one, Decap's (decap/: installed by the site's postinstall).
  const locks = ["package-lock.json", "decap/package-lock.json"].flatMap((name) => {
    const text = readRegularFile(join(work, name));
    return text === null ? [] : [{ name, text: text.toString() }];
  });
  const hash = createHash("sha256");
  for (const lock of locks) hash.update(lock.name).update(lock.text);
  const lockHash = hash.digest("hex");
  const treesInstalled = locks.every((lock) =>
    existsSync(join(work, dirname(lock.name), "node_modules")),
  );
  if (readRegularFile(installedLock)?.toString() !== lockHash || !treesInstalled) {
    rmSync(installedLock, { force: true });
    const host = { cwd: settings.dir, env: settings.hostEnv, signal };
    const registry = await configuredRegistry(host);
    // Every lock read before anything is fetched: one bad package stops the deploy here.
    const specs = locks.flatMap((lock) => lockedPackages(lock.text, lock.name, registry));
    const { npmCache } = deployPaths(settings.dir);
    mkdirSync(npmCache, { recursive: true, mode: 0o700 });
    await fetchPackages(specs, npmCache, registry, host);
    cpSync(npmCache, join(deployPaths(settings.dir).home, ".npm"), { recursive: true });
    const offline = { npm_config_registry: registry, npm_config_offline: "true" };
    for (const lock of locks) {
      const folder =
        dirname(lock.name) === "." ? boxPaths.work : `${boxPaths.work}/${dirname(lock.name)}`;
      const omit = dirname(lock.name) === "." ? ["--omit=dev"] : [];
      await box(
        ["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund", ...omit, "--prefix", folder],
        offline,
      );
    }
    // Then the scripts `npm ci` would have run: the packages' own (those that package.json
    // allows) and the site's install scripts (its postinstall installs decap/ again, offline).
    await box(["npm", "rebuild"], offline);
    writeFileSync(installedLock, lockHash, { mode: 0o600 });
  }
  await box(["npm", "run", "build"]);
}
