import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { run } from "./run-program";
import { deployPaths, workOf, type BuildKind } from "./releases";
import type { DeploySettings } from "./deploy-settings";

// Each kind of build has its working copy (releases.ts, workOf), fetched by git as the server, with
// the server's own environment (it holds the remote's credentials), outside the box.

/** Locks git leaves when it is killed: the deploy lock is ours, so no git runs here now. */
function removeStaleGitLocks(gitDir: string): void {
  if (!existsSync(gitDir)) return;
  for (const entry of readdirSync(gitDir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith(".lock") && !entry.parentPath.includes("objects")) {
      rmSync(join(entry.parentPath, entry.name), { force: true });
    }
  }
}

/**
 * A DEPLOY_DIR of 1.3 kept both kinds in one working copy, each kind's caches parked in turn: what
 * its packages and caches hold may be a draft's, so the publications' copy keeps git's files only.
 */
function leaveSharedLayout(dir: string): void {
  const lineage = join(dir, "lineage");
  if (!existsSync(lineage)) return;
  const { work } = deployPaths(dir);
  for (const folder of ["node_modules", "decap/node_modules", ".cache", "public"]) {
    rmSync(join(work, folder), { recursive: true, force: true });
  }
  for (const old of ["parked", "installed-lock", "lineage"]) {
    rmSync(join(dir, old), { recursive: true, force: true });
  }
}

/** A kind's working copy, ready to fetch: git run as the server, stopped with the deploy. */
export async function openWorkingCopy(
  settings: DeploySettings,
  signal: AbortSignal,
  kind: BuildKind,
) {
  leaveSharedLayout(settings.dir);
  const work = workOf(settings.dir, kind);
  mkdirSync(work, { recursive: true, mode: 0o700 });
  removeStaleGitLocks(join(work, ".git"));
  // The commands that say what they did not do must not quote DEPLOY_GIT_URL (redact.ts masks it
  // anyway): « git fetch » names the step.
  const git = (args: string[], shownAs = `git ${args[0]}`) =>
    run("setpriv", ["--pdeathsig", "KILL", "--", "git", ...args], {
      cwd: work,
      env: settings.hostEnv,
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
  return { kind, work, git, succeeds, fetchBranch, signal };
}

export type WorkingCopy = Awaited<ReturnType<typeof openWorkingCopy>>;
