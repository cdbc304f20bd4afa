import { mkdirSync } from "node:fs";
import { oneLine } from "../one-line";
import { commitStatuses, noReports, type ReportStatus } from "./commit-status";
import { withDeployLock } from "./lock";
import { deployDraft, removeDraft, sweepPreviews } from "./preview-deploy";
import { listPreviews } from "./previews";
import { Publisher, type DeployerOptions, type DeployRequest } from "./publication";
import { redact } from "./redact";
import { deployPaths, listReleases } from "./releases";
import { sandboxProblem } from "./sandbox";
import type { DeploySettings } from "./deploy-settings";
import { planSchedule, readSchedule, writeSchedule } from "./schedule";
import { Scheduler, systemClock } from "./scheduler";
import { liveCommit, readDeployState, readTextList, replaceFile } from "./state";

export type { DeployerOptions, DeployRequest, FailureNotice } from "./publication";

// The deploys of a process, one at a time: a push that arrives while one runs is folded into one
// more deploy, of the branch's newest commit. The drafts' previews (preview-deploy.ts) wait
// behind: one after another, each of its branch's newest commit, and a publication that arrives
// while one builds stops it and goes first (the draft is built again after). Across processes
// (the server and `npm run site`), the deploy lock (lock.ts) lets one run and the other wait for
// it. What it is doing is kept in the state (state.ts), written only while the lock is held.
// Every text it keeps, logs or emails goes through redact.ts first.

/** Why a draft's build was stopped: a publication goes first, or the branch is gone. */
const publicationFirst = new Error("a publication goes first");
const branchDeleted = new Error("the branch was deleted");

export class Deployer {
  private running: Promise<void> | null = null;
  private next: DeployRequest | null = null;
  /** The drafts' branches waiting for their preview, in the order they were pushed. */
  private drafts: string[] = [];
  /** The draft being built, and what stops it: a publication, its branch deleted. */
  private draftBuild: AbortController | null = null;
  private draftBuilding: string | null = null;
  /** The deleted drafts' branches whose preview is to be removed. */
  private removals: string[] = [];
  /** Each build told to GitHub (commit-status.ts), when DEPLOY_GITHUB_TOKEN is set. */
  private readonly report: ReportStatus;
  private readonly stopping = new AbortController();
  /** Why no box can be made here (sandbox.ts), checked once: then no deploy starts. */
  readonly boxProblem: string | null;
  /** Each publication: built, switched live, told (publication.ts). */
  private readonly publisher: Publisher;
  /** The live site's next change (scheduler.ts); it looks only in the server (startSchedule). */
  private readonly scheduler: Scheduler;
  private scheduling = false;

  constructor(
    readonly settings: DeploySettings,
    private readonly options: DeployerOptions,
  ) {
    this.boxProblem = sandboxProblem(settings.buildEnv);
    if (this.boxProblem) options.log.error(`deploys cannot start: ${this.boxProblem}`);
    this.report = settings.statuses ? commitStatuses(settings.statuses, options.log) : noReports;
    this.publisher = new Publisher(
      settings,
      options,
      this.report,
      this.stopping.signal,
      this.boxProblem,
    );
    this.scheduler = new Scheduler(settings.dir, options.clock ?? systemClock, (at) =>
      this.requestScheduled(at),
    );
  }

  /**
   * The live commit built again as of a scheduled instant that has come. A publication waiting
   * already builds as of now, which is later: it stands for this one.
   */
  private requestScheduled(at: Date): void {
    this.options.log.info(`scheduled build as of ${at.toISOString()} started`);
    this.next ??= { commit: liveCommit(this.settings.dir), scheduledFor: at.toISOString() };
    if (!this.running) this.start();
  }

  /**
   * The server's scheduled builds: a schedule planned from the live release when none was kept
   * (the first start of 1.4, after the instant that release was built as of), then an instant
   * missed while the server was down built at once, and the next ones on time.
   */
  startSchedule(): void {
    const { dir } = this.settings;
    const live = listReleases(dir).find((release) => release.live);
    if (!readSchedule(dir) && live) {
      planSchedule(dir, live.commit, new Date(live.asOf ?? live.builtAt));
    }
    this.scheduling = true;
    if (!this.running) this.scheduler.look();
  }

  /**
   * After a scheduled build that did not go live (the schedule still has its instant first): a
   * second try, then the instant is given up, so that a build that cannot succeed never loops.
   * The failure itself was told as any publication's (publication.ts).
   */
  private afterScheduled(at: string): void {
    const { dir } = this.settings;
    const record = readSchedule(dir);
    if (record?.upcoming[0]?.at !== at) return; // Gone live: planned again from its content.
    if (record.failures === 0) {
      writeSchedule(dir, { ...record, failures: 1 });
      this.options.log.warn(`scheduled build as of ${at} failed: tried once more`);
      return;
    }
    writeSchedule(dir, { ...record, upcoming: record.upcoming.slice(1), failures: 0 });
    this.options.log.error(
      `scheduled build as of ${at} failed twice: given up, the live release stays until the next publication`,
    );
  }

  /** What the last publication of this process did (the CLI prints it). */
  get lastOutcome() {
    return this.publisher.lastOutcome;
  }

  get serverCode(): string | null {
    return this.options.serverCode ?? null;
  }

  /** Starts a deploy, or folds this one into the next when one runs. */
  request(request: DeployRequest): "started" | "folded" {
    this.next = request;
    if (this.running) {
      this.draftBuild?.abort(publicationFirst);
      return "folded";
    }
    this.start();
    return "started";
  }

  /** Builds the preview of a draft's branch (checked by the caller), after any publication. */
  requestDraft(branch: string): "started" | "queued" {
    if (!this.drafts.includes(branch)) this.drafts.push(branch);
    this.saveQueue();
    if (this.running) return "queued";
    this.start();
    return "started";
  }

  /**
   * Removes a deleted branch's preview, in turn with the builds (under the deploy lock), and
   * forgets any build of it waiting; one under way is stopped.
   */
  dropDraft(branch: string): void {
    this.drafts = this.drafts.filter((waiting) => waiting !== branch);
    this.saveQueue();
    if (this.draftBuilding === branch) this.draftBuild?.abort(branchDeleted);
    if (!this.removals.includes(branch)) this.removals.push(branch);
    if (!this.running) this.start();
  }

  /**
   * The drafts waiting, kept on disk for the next start (this process alone writes the file:
   * `npm run site` builds no draft). A draft leaves it once its build has ended.
   */
  private saveQueue(): void {
    const pending = this.draftBuilding ? [this.draftBuilding, ...this.drafts] : this.drafts;
    mkdirSync(this.settings.dir, { recursive: true, mode: 0o700 });
    replaceFile(deployPaths(this.settings.dir).previewQueue, JSON.stringify([...new Set(pending)]));
  }

  private start(): void {
    this.running = this.drain().finally(() => {
      this.running = null;
    });
  }

  /** A deploy or preview cut short by the end of the last process that ran it is run again. */
  resumeInterrupted(): void {
    const { building } = readDeployState(this.settings.dir);
    if (building) {
      const commit = building.requested ?? null;
      this.options.log.warn(`deploy of ${commit ?? "the branch"} was cut short: run again`);
      this.request({ commit });
    }
    const cutShort = listPreviews(this.settings.dir).flatMap((preview) =>
      preview.state === "building" ? [preview.branch] : [],
    );
    for (const branch of new Set([
      ...cutShort,
      ...readTextList(deployPaths(this.settings.dir).previewQueue),
    ])) {
      this.options.log.warn(`preview of ${branch} was cut short or waiting: build it`);
      this.requestDraft(branch);
    }
  }

  /** Resolves once no deploy runs (tests, the CLI). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
    // The CLI exits after: GitHub is told first.
    await this.report.settled();
  }

  /** Stops the deploy under way (SIGTERM): nothing of it goes live; the next start resumes it. */
  async close(): Promise<void> {
    this.next = null;
    this.drafts = [];
    this.scheduler.stop();
    this.stopping.abort();
    await this.running?.catch(() => {});
  }

  /** Publications first, then the drafts, until none is left. */
  private async drain(): Promise<void> {
    while (!this.stopping.signal.aborted) {
      const request = this.next;
      if (request) {
        this.next = null;
        // Asked for while a publication ran, which has planned past it since: nothing to build.
        if (
          request.scheduledFor &&
          readSchedule(this.settings.dir)?.upcoming[0]?.at !== request.scheduledFor
        ) {
          continue;
        }
        const started = Date.now();
        await this.publisher.deploy(request);
        if (this.lastOutcome)
          this.options.onEnd?.(this.lastOutcome.kind, (Date.now() - started) / 1000);
        if (this.stopping.signal.aborted) return;
        if (request.scheduledFor) this.afterScheduled(request.scheduledFor);
        // The schedule this publication planned, or the retry of a failed scheduled build.
        if (this.scheduling) this.scheduler.look();
        continue;
      }
      const removed = this.removals.shift();
      if (removed !== undefined) {
        await this.withLock(() => removeDraft(this.settings, removed, this.options.log));
        continue;
      }
      const branch = this.drafts.shift();
      if (branch === undefined) return;
      await this.preview(branch);
    }
  }

  /** Holds the deploy lock around `action`; nothing is done when stopped while waiting. */
  private async withLock(action: () => Promise<void>): Promise<void> {
    await withDeployLock(this.settings.dir, this.stopping.signal, this.options.log, action);
  }

  private async preview(branch: string): Promise<void> {
    if (this.boxProblem) return;
    const build = new AbortController();
    this.draftBuild = build;
    this.draftBuilding = branch;
    await this.withLock(async () => {
      try {
        await deployDraft(branch, {
          settings: this.settings,
          log: this.options.log,
          report: this.report,
          signal: AbortSignal.any([this.stopping.signal, build.signal]),
        });
        await sweepPreviews(this.settings, this.options.log, this.stopping.signal);
      } catch (error) {
        if (build.signal.reason === publicationFirst) {
          this.drafts.unshift(branch);
          this.options.log.info(`preview of ${branch} stopped: a publication goes first`);
        } else if (build.signal.reason === branchDeleted) {
          this.options.log.info(`preview of ${branch} stopped: the branch was deleted`);
        } else if (!this.stopping.signal.aborted) {
          this.options.log.error(`preview of ${branch} stopped: ${this.clean(oneLine(error))}`);
        }
      }
    });
    this.draftBuild = null;
    this.draftBuilding = null;
    // Stopped with the server, it stays in the queue for the next start.
    if (!this.stopping.signal.aborted) this.saveQueue();
  }

  private clean = (text: string) => redact(text, this.settings.secrets);
}
