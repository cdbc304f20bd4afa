import { previewStatusContext } from "../../shared/deploy-statuses";
import type { LeadLogger } from "../log/logger";
import { oneLine } from "../one-line";
import { asDeployFailure } from "./run-program";
import type { ReportStatus } from "./commit-status";
import { buildInBox } from "./box-build";
import { draftBranchPrefix, draftBranchProblem, previewName } from "./preview-names";
import {
  addPreviewBuild,
  listPreviews,
  previewsBeyond,
  readPreview,
  removePreview,
  writePreview,
  type PreviewInfo,
} from "./previews";
import { redact } from "./redact";
import { readSchedule } from "./schedule";
import type { DeploySettings } from "./deploy-settings";
import { openWorkingCopy, type WorkingCopy } from "./working-copy";

// One draft's preview, built as a publication is (the same box, ceilings and strict content
// check, in the drafts' own working copy) with the preview's own SITE_URL and SITE_PREVIEW_BRANCH,
// which the site reads to show its banner and tell search engines to stay away, and the published
// site's schedule, so that a draft that schedules a change is previewed as of its instant; then
// copied into the preview's folder and served (previews.ts). Each step is told to GitHub as a commit status (commit-status.ts), in
// French, for the admin. Previews whose branch is gone or merged, and the oldest beyond
// DEPLOY_KEEP_PREVIEWS, are removed (sweepPreviews).

/** The page a failed preview's status links to, on the preview's own origin. */
export const failurePagePath = "/_apercu/echec";

export interface DraftContext {
  settings: DeploySettings;
  log: LeadLogger;
  report: ReportStatus;
  signal: AbortSignal;
}

const now = () => new Date().toISOString();

/** How long the look at the git host's branches may take: it must never hold publications. */
const sweepTimeoutMs = 60_000;

/**
 * Builds `branch`'s newest commit into its preview. Resolves whatever the build's end (a failure
 * is recorded, reported and logged); rejects only when `signal` stops it, the preview then left
 * "building" for the next run.
 */
export async function deployDraft(branch: string, context: DraftContext): Promise<void> {
  const { settings, log, report } = context;
  const timeout = AbortSignal.timeout(settings.timeoutMs);
  const signal = AbortSignal.any([context.signal, timeout]);
  const previews = settings.previews;
  const problem = draftBranchProblem(branch);
  if (!previews || problem) {
    log.warn(`preview of ${branch} not built: ${problem ?? "PREVIEW_URL is not set"}`);
    return;
  }
  const name = previewName(branch, settings.secret);
  const origin = previews.origin(name);
  const stored = readPreview(settings.dir, name);
  const info: PreviewInfo = {
    name,
    branch,
    live: null,
    failure: null,
    ...stored,
    // The newest build first in line to stay, beyond DEPLOY_KEEP_PREVIEWS.
    pushedAt: now(),
    state: "building",
  };
  writePreview(settings.dir, info);
  let target: string | null = null;
  try {
    const copy = await openWorkingCopy(settings, signal, "preview");
    if (!(await branchExists(copy, branch))) {
      removePreview(settings.dir, name);
      log.info(`preview ${name} removed: ${branch} no longer exists`);
      return;
    }
    const tracking = await copy.fetchBranch(branch);
    target = (await copy.git(["rev-parse", `${tracking}^{commit}`])).trim();
    const success = {
      state: "success" as const,
      targetUrl: origin,
      description: "Aperçu prêt : la page telle qu'elle sera publiée",
      context: previewStatusContext,
    };
    if (info.live?.commit === target) {
      writePreview(settings.dir, { ...info, state: "live" });
      // Told again: the first report may not have reached GitHub.
      report(target, success);
      log.info(`preview of ${branch} ignored: ${target} is already served`);
      return;
    }
    report(target, {
      state: "pending",
      targetUrl: origin,
      description: "Construction de l'aperçu en cours",
      context: previewStatusContext,
    });
    log.info({ branch, preview: name }, `preview of ${target} started`);
    const started = Date.now();
    await buildInBox(settings, copy, target, {
      // GATSBY_API_URL empty: the preview's form posts to its own origin, which refuses it, never
      // to an external API that would pass it on to sales.
      env: {
        SITE_URL: origin,
        SITE_PREVIEW_BRANCH: branch,
        GATSBY_API_URL: "",
        // What the published site already schedules: a draft that schedules a change of its
        // own is previewed as of that instant (src/build/schedule.ts, siteAsOf).
        SITE_PREVIEW_PUBLISHED_CHANGES: JSON.stringify(readSchedule(settings.dir)?.upcoming ?? []),
      },
    });
    signal.throwIfAborted();
    // A copy that fails (too large, no public/) is told as the build's failure, below.
    addPreviewBuild(settings.dir, name, copy.work, target);
    writePreview(settings.dir, {
      ...info,
      state: "live",
      live: { commit: target, builtAt: now() },
      failure: null,
    });
    log.info({ branch, preview: name, ms: Date.now() - started }, `preview of ${target} served`);
    report(target, success);
  } catch (error) {
    if (context.signal.aborted) throw error;
    const clean = (text: string) => redact(text, settings.secrets);
    const failure = asDeployFailure(error, timeout.aborted, settings.timeoutMs);
    const problems = failure.contentProblems.map(clean);
    const message = clean(failure.message);
    writePreview(settings.dir, {
      ...info,
      state: "failed",
      failure: { commit: target, at: now(), message, problems },
    });
    log.error(
      { branch, preview: name, problems },
      `preview of ${target ?? branch} failed: ${message}`,
    );
    if (target) {
      report(target, {
        state: "failure",
        targetUrl: `${origin}${failurePagePath}`,
        description: problems[0] ?? message,
        context: previewStatusContext,
      });
    }
  }
}

/** Whether the git host still has `branch` (deleted when its draft was published or dropped). */
async function branchExists(copy: WorkingCopy, branch: string): Promise<boolean> {
  const heads = await copy.git(["ls-remote", "--heads", "origin", `refs/heads/${branch}`]);
  return heads.trim() !== "";
}

/**
 * Removes the previews whose branch is gone from the git host or merged into the published
 * branch (as last fetched), then the oldest beyond DEPLOY_KEEP_PREVIEWS. Never throws: a git host
 * out of reach leaves them for the next time.
 */
export async function sweepPreviews(
  settings: DeploySettings,
  log: LeadLogger,
  signal: AbortSignal,
): Promise<void> {
  const previews = listPreviews(settings.dir);
  if (previews.length === 0) return;
  try {
    const sweepSignal = AbortSignal.any([signal, AbortSignal.timeout(sweepTimeoutMs)]);
    // The published branch as last fetched is the publications' copy's; the drafts' branches are
    // fetched into the drafts' copy.
    const copy = await openWorkingCopy(settings, sweepSignal, "publication");
    const drafts = await openWorkingCopy(settings, sweepSignal, "preview");
    const listed = await copy.git([
      "ls-remote",
      "--heads",
      "origin",
      `refs/heads/${draftBranchPrefix}*`,
    ]);
    const heads = new Map(
      listed.split("\n").flatMap((line) => {
        const [commit, ref] = line.split("\t");
        return commit && ref ? [[ref.replace(/^refs\/heads\//, ""), commit] as const] : [];
      }),
    );
    const published = `refs/remotes/origin/${settings.branch}`;
    for (const preview of previews) {
      const head = heads.get(preview.branch);
      const merged =
        head !== undefined &&
        preview.state !== "building" &&
        (await copy.succeeds(["merge-base", "--is-ancestor", head, published]));
      if (head === undefined || merged) {
        removePreview(settings.dir, preview.name);
        await forgetBranch(drafts, preview.branch);
        log.info(
          `preview ${preview.name} removed: ${preview.branch} ${merged ? "merged" : "gone"}`,
        );
      }
    }
  } catch (error) {
    log.warn(`previews not swept: ${redact(oneLine(error), settings.secrets)}`);
  }
  try {
    for (const preview of previewsBeyond(settings.dir, settings.previews?.keep ?? 10)) {
      removePreview(settings.dir, preview.name);
      log.info(`preview ${preview.name} removed: beyond DEPLOY_KEEP_PREVIEWS`);
    }
  } catch (error) {
    log.warn(`previews beyond DEPLOY_KEEP_PREVIEWS not removed: ${oneLine(error)}`);
  }
}

/**
 * Forgets a removed draft's branch in the working copy: a later branch named after it
 * (cms/pages/offres/tarifs after cms/pages/offres) is then fetched without a conflict.
 */
async function forgetBranch(copy: WorkingCopy, branch: string): Promise<void> {
  await copy.git(["update-ref", "-d", `refs/remotes/origin/${branch}`]).catch(() => {});
}

/** Removes `branch`'s preview (its branch was deleted: the push said so); the caller holds the lock. */
export async function removeDraft(
  settings: DeploySettings,
  branch: string,
  log: LeadLogger,
): Promise<void> {
  if (draftBranchProblem(branch)) return;
  const name = previewName(branch, settings.secret);
  if (!readPreview(settings.dir, name)) return;
  removePreview(settings.dir, name);
  log.info(`preview ${name} removed: ${branch} was deleted`);
  try {
    await forgetBranch(
      await openWorkingCopy(settings, AbortSignal.timeout(sweepTimeoutMs), "preview"),
      branch,
    );
  } catch {
    // The working copy is only tidied: the next sweep does it.
  }
}
