import { join } from "node:path";
import { readScheduledFiles } from "../../build/schedule";
import { changesAfter, filesOutOfForce } from "../../shared/content-model/schedule";
import { buildInBox, type DeployTarget } from "./box-build";
import { DeployFailure } from "./run-program";
import { addRelease, pruneReleases, serverCodeHash, switchTo, type ReleaseInfo } from "./releases";
import type { DeploySettings } from "./deploy-settings";
import { openWorkingCopy } from "./working-copy";

export type { DeployTarget };

// One deploy: the branch fetched into the publications' working copy by git, as the server (it
// holds the credentials); then the build (box-build.ts): the packages fetched by the server when a
// lock file changed, installed and built in the box (sandbox.ts) under its ceilings; then the
// server copies the built site out of the box into a release of its own, switched live in one
// step. Only forward: a commit older than the live one, or the live one itself, is not built
// again (going back is `npm run site -- rollback`), but for a scheduled build, which builds the
// live commit again as of the instant its content changes (scheduler.ts).

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
  /** The instant the site is built as of (SITE_BUILD_AS_OF in the box). */
  asOf: Date;
  /** The scheduled instant that started this build, which may build the live commit again. */
  scheduledFor?: string | null;
}

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
  const copy = await openWorkingCopy(settings, context.signal, "publication");
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
  const scheduled = Boolean(context.scheduledFor);
  if (context.liveCommit === target && !scheduled) {
    return { live: false, commit: target, reason: "already live" };
  }
  if (
    context.liveCommit &&
    !scheduled &&
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
  const asOf = context.asOf.toISOString();
  const info = await buildInBox(settings, copy, target, {
    onTarget: context.onTarget,
    env: { SITE_BUILD_AS_OF: asOf },
  });
  context.signal.throwIfAborted();
  let release: ReleaseInfo;
  try {
    // Read once the build has passed the content check, as data alone (src/build/frontmatter.ts).
    const files = readScheduledFiles(join(copy.work, "content"));
    release = addRelease(
      settings.dir,
      copy.work,
      {
        ...info,
        asOf,
        scheduledFor: context.scheduledFor ?? null,
        serverCode: serverCodeHash(join(copy.work, "dist", "server")),
        upcoming: changesAfter(files, context.asOf).map(({ at, changes }) => ({
          at: at.toISOString(),
          changes,
        })),
      },
      { leftOut: filesOutOfForce(files, context.asOf).map((entry) => entry.file) },
    );
  } catch (error) {
    throw new DeployFailure(error instanceof Error ? error.message : String(error), [], []);
  }
  // Stopped while copying: the release stays aside, never live (pruned later).
  context.signal.throwIfAborted();
  switchTo(settings.dir, release.id);
  pruneReleases(settings.dir, settings.keepReleases);
  return { live: true, release };
}
