import type { LeadLogger } from "../log/logger";
import { oneLine } from "../one-line";
import { asDeployFailure, DeployFailure } from "./run-program";
import { publicationStatus, type ReportStatus } from "./commit-status";
import { deployCommit, type DeployTarget } from "./deploy";
import { withDeployLock } from "./lock";
import { sweepPreviews } from "./preview-deploy";
import { redact } from "./redact";
import type { DeploySettings } from "./deploy-settings";
import { planSchedule } from "./schedule";
import type { Clock } from "./scheduler";
import { liveCommit, readDeployState, writeDeployState } from "./state";

// One publication: the branch's commit built and switched live (deploy.ts) under the deploy lock,
// what it is doing kept in the state (state.ts), told as a commit status on the published branch
// (commit-status.ts), and a failure, or a change of the server's own code, emailed to whoever
// published. The Deployer (deployer.ts) decides when each runs.

export interface DeployRequest {
  /** A commit asked for by name (`npm run site -- deploy COMMIT`), or null: the branch's newest. */
  commit: string | null;
  /** A push's: a branch whose newest commit just failed is not built again for a push. */
  push?: boolean;
  author?: { name: string; email: string } | null;
  /** The pushed commit's subject line, as the push reported it. */
  subject?: string;
  /** A scheduled build (scheduler.ts): the instant that came, ISO. */
  scheduledFor?: string;
}

/** What a deploy tells the person who published, or whoever DEPLOY_NOTIFY_TO names. */
export interface FailureNotice {
  kind: "failure" | "server-update";
  commit: string | null;
  author: { name: string; email: string } | null;
  subject: string;
  message: string;
  problems: string[];
  outputTail: string[];
}

export interface DeployerOptions {
  log: LeadLogger;
  /** Tells the person who published that their publication did not go live, or the server's news. */
  notify?: (notice: FailureNotice) => Promise<void>;
  /** The running server's code (releases.ts, serverCodeHash): a release built with other code says so. */
  serverCode?: string | null;
  /** Told how each deploy ended and how long it took (the metrics, src/server/metrics/). */
  onEnd?: (outcome: "live" | "failed" | "ignored", seconds: number) => void;
  /** The time the deploys read and wait on (scheduler.ts): the system's, or a test's. */
  clock?: Clock;
}

export type DeployOutcomeKind = "live" | "failed" | "ignored";

export class Publisher {
  /** What the last publication did (the CLI prints it). */
  lastOutcome: { kind: DeployOutcomeKind; live: boolean; reason: string } | null = null;

  constructor(
    private readonly settings: DeploySettings,
    private readonly options: DeployerOptions,
    private readonly report: ReportStatus,
    private readonly stopping: AbortSignal,
    private readonly boxProblem: string | null,
  ) {}

  private get serverCode(): string | null {
    return this.options.serverCode ?? null;
  }

  private clean = (text: string) => redact(text, this.settings.secrets);

  async deploy(request: DeployRequest): Promise<void> {
    this.lastOutcome = null;
    // Stopped while waiting for the lock: nothing is started.
    await withDeployLock(this.settings.dir, this.stopping, this.options.log, () =>
      this.build(request),
    );
  }

  /** The deploy itself, under the lock. */
  private async build(request: DeployRequest): Promise<void> {
    const { dir, timeoutMs } = this.settings;
    const { log } = this.options;
    let target: DeployTarget | null = null;
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      if (this.boxProblem) throw new DeployFailure(this.boxProblem, [], []);
      const state = readDeployState(dir);
      const building = {
        requested: request.commit,
        commit: request.commit,
        since: new Date().toISOString(),
      };
      writeDeployState(dir, { ...state, state: "building", building });
      log.info(
        `deploy of ${request.commit ?? `the newest commit of ${this.settings.branch}`} started`,
      );
      const started = Date.now();
      // As of now, or of the scheduled instant: of whichever is later, so that a build caught up
      // after a stop, or after the clock jumped, shows what is in force when it goes live.
      const now = this.options.clock?.now() ?? Date.now();
      const scheduled = request.scheduledFor ? Date.parse(request.scheduledFor) : now;
      const asOf = new Date(Math.max(now, scheduled));
      const outcome = await deployCommit(this.settings, request.commit, {
        liveCommit: liveCommit(dir),
        signal: AbortSignal.any([this.stopping, timeout]),
        failedCommit: request.push ? (state.failure?.commit ?? null) : null,
        asOf,
        scheduledFor: request.scheduledFor ?? null,
        onTarget: (known) => {
          target = known;
          this.report(known.commit, publicationStatus("pending", this.settings.siteUrl));
          writeDeployState(dir, {
            ...state,
            state: "building",
            building: { ...building, commit: known.commit },
          });
        },
      });
      if (!outcome.live) {
        writeDeployState(dir, { ...state, building: null });
        this.lastOutcome = { kind: "ignored", live: false, reason: outcome.reason };
        log.info(`deploy ignored: ${outcome.commit} is ${outcome.reason}`);
        return;
      }
      const live = outcome.release;
      // The next instant the live site changes, strictly after this build's: never itself again.
      planSchedule(dir, live.commit, asOf);
      const serverChanged = Boolean(
        live.serverCode && this.serverCode && live.serverCode !== this.serverCode,
      );
      writeDeployState(dir, {
        ...state,
        state: "idle",
        building: null,
        failure: null,
        rollback: null,
        serverNotified: serverChanged ? live.serverCode : state.serverNotified,
      });
      this.lastOutcome = { kind: "live", live: true, reason: "live" };
      log.info(
        { commit: live.commit, release: live.id, ms: Date.now() - started },
        `deploy of ${live.commit} live as release ${live.id}`,
      );
      this.report(live.commit, publicationStatus("success", this.settings.siteUrl));
      // A draft published is merged: its preview goes.
      await sweepPreviews(this.settings, log, this.stopping);
      if (serverChanged) {
        log.warn(
          { commit: live.commit },
          `the server's code changed in ${live.commit}: the site is live, the server must be updated (docs/operations.md)`,
        );
        if (state.serverNotified !== live.serverCode)
          this.tell("server-update", request, target, {
            message: "le code du serveur a changé",
            problems: [],
            outputTail: [],
          });
      }
    } catch (error) {
      if (this.stopping.aborted) {
        // Left "building": the next start finishes it. Nothing of it went live.
        log.warn(`deploy of ${request.commit ?? "the branch"} stopped with the server`);
        return;
      }
      this.fail(request, target, asDeployFailure(error, timeout.aborted, timeoutMs));
    }
  }

  private fail(request: DeployRequest, target: DeployTarget | null, failure: DeployFailure): void {
    const { dir } = this.settings;
    const commit = target?.commit ?? request.commit;
    const message = this.clean(failure.message);
    const problems = failure.contentProblems.map(this.clean);
    writeDeployState(dir, {
      ...readDeployState(dir),
      state: "failed",
      building: null,
      failure: { commit, at: new Date().toISOString(), message, problems },
    });
    this.lastOutcome = { kind: "failed", live: false, reason: message };
    if (commit) {
      this.report(
        commit,
        publicationStatus("failure", this.settings.siteUrl, problems[0] ?? message),
      );
    }
    this.options.log.error(
      { commit, problems },
      `deploy of ${commit ?? "the branch"} failed, the live release stays: ${message}`,
    );
    this.tell("failure", request, target, {
      message,
      problems,
      outputTail: failure.outputTail.map(this.clean),
    });
  }

  private tell(
    kind: FailureNotice["kind"],
    request: DeployRequest,
    target: DeployTarget | null,
    what: Pick<FailureNotice, "message" | "problems" | "outputTail">,
  ): void {
    const notice: FailureNotice = {
      kind,
      commit: target?.commit ?? request.commit,
      author: target?.author ?? request.author ?? null,
      subject: target?.message ?? request.subject ?? "",
      ...what,
    };
    this.options.notify?.(notice).catch((error: unknown) => {
      this.options.log.error(`the deploy's email was not sent: ${this.clean(oneLine(error))}`);
    });
  }
}
