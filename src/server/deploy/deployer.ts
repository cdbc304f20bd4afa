import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import type { LeadLogger } from "../log/logger";
import { oneLine } from "../one-line";
import { deployCommit, DeployFailure } from "./deploy";
import { listReleases, deployPaths, type ReleaseInfo } from "./releases";
import type { DeploySettings } from "./settings";

// The server's deploys, one at a time: a push that arrives while one runs is folded into one
// more deploy, of the newest commit. What it is doing is kept in DEPLOY_DIR/state.json, so that
// a deploy cut short (SIGTERM, a crash) is finished at the next start, and so that
// /api/deploy/status and `npm run site` read the same thing.

export interface DeployRequest {
  /** Forty hex digits, or null for the branch's newest commit. */
  commit: string | null;
  author?: { name: string; email: string } | null;
  /** The commit's subject line, as the push reported it. */
  subject?: string;
}

export interface DeployState {
  state: "idle" | "building" | "failed";
  /** The commit being built, and since when. */
  building: { commit: string | null; since: string } | null;
  /** The last deploy that did not go live (cleared by the next one that does). */
  failure: { commit: string | null; at: string; message: string; problems: string[] } | null;
  /** The lock file's hash last installed in the working copy. */
  lockHash: string | null;
}

/** What a failed deploy tells the person who published (failure-email.ts sends it). */
export interface FailureNotice {
  commit: string | null;
  author: { name: string; email: string } | null;
  subject: string;
  message: string;
  problems: string[];
  outputTail: string[];
}

const idle: DeployState = { state: "idle", building: null, failure: null, lockHash: null };

export function readDeployState(dir: string): DeployState {
  try {
    return { ...idle, ...JSON.parse(readFileSync(deployPaths(dir).state, "utf8")) };
  } catch {
    return { ...idle };
  }
}

function writeDeployState(dir: string, state: DeployState): void {
  const { state: file } = deployPaths(dir);
  writeFileSync(`${file}.${process.pid}`, `${JSON.stringify(state, null, 2)}\n`);
  // Renamed over the old one: a reader never finds half a file.
  renameSync(`${file}.${process.pid}`, file);
}

/** Held while a process deploys; taken over when the process that held it is gone. */
export function takeDeployLock(dir: string): (() => void) | { heldBy: number } {
  const { lock } = deployPaths(dir);
  mkdirSync(dir, { recursive: true });
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lock, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(readFileSync(lock, "utf8"));
      if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) return { heldBy: holder };
      rmSync(lock, { force: true });
    }
  }
  return { heldBy: Number.NaN };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export interface DeployerOptions {
  log: LeadLogger;
  /** Tells the person who published that their publication did not go live. */
  notify?: (notice: FailureNotice) => Promise<void>;
}

export class Deployer {
  private running: Promise<void> | null = null;
  private next: DeployRequest | null = null;
  private readonly stopping = new AbortController();

  constructor(
    readonly settings: DeploySettings,
    private readonly options: DeployerOptions,
  ) {}

  /** Starts a deploy, or folds this one into the next when one runs. */
  request(request: DeployRequest): "started" | "folded" {
    if (this.running) {
      this.next = request;
      return "folded";
    }
    this.running = this.drain(request).finally(() => {
      this.running = null;
    });
    return "started";
  }

  /** A deploy cut short by the end of the last process that ran it is run again. */
  resumeInterrupted(): void {
    const { building } = readDeployState(this.settings.dir);
    if (building) {
      this.options.log.warn(
        `deploy of ${building.commit ?? "the branch"} was cut short: run again`,
      );
      this.request({ commit: building.commit });
    }
  }

  /** Resolves once no deploy runs (tests, the CLI). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Stops the deploy under way (SIGTERM): nothing of it goes live; the next start resumes it. */
  async close(): Promise<void> {
    this.next = null;
    this.stopping.abort();
    await this.running?.catch(() => {});
  }

  private async drain(first: DeployRequest): Promise<void> {
    let request: DeployRequest | null = first;
    while (request && !this.stopping.signal.aborted) {
      await this.deploy(request);
      request = this.next;
      this.next = null;
    }
  }

  private async deploy(request: DeployRequest): Promise<void> {
    const { dir } = this.settings;
    const { log } = this.options;
    const release = takeDeployLock(dir);
    if (typeof release !== "function") {
      this.fail(request, `un autre déploiement est en cours (processus ${release.heldBy})`, [], []);
      return;
    }
    const state = readDeployState(dir);
    writeDeployState(dir, {
      ...state,
      state: "building",
      building: { commit: request.commit, since: new Date().toISOString() },
    });
    const started = Date.now();
    try {
      log.info(
        `deploy of ${request.commit ?? `the newest commit of ${this.settings.branch}`} started`,
      );
      const result = await deployCommit(
        this.settings,
        request.commit,
        { lockHash: state.lockHash },
        this.stopping.signal,
      );
      writeDeployState(dir, {
        state: "idle",
        building: null,
        failure: null,
        lockHash: result.lockHash,
      });
      log.info(
        { commit: result.release.commit, release: result.release.id, ms: Date.now() - started },
        `deploy of ${result.release.commit} live as release ${result.release.id}`,
      );
    } catch (error) {
      if (this.stopping.signal.aborted) {
        // Left "building": the next start finishes it. Nothing of it went live.
        log.warn(`deploy of ${request.commit ?? "the branch"} stopped with the server`);
        return;
      }
      const failure =
        error instanceof DeployFailure ? error : new DeployFailure(oneLine(error), [], []);
      this.fail(request, failure.message, failure.contentProblems, failure.outputTail);
    } finally {
      release();
    }
  }

  private fail(
    request: DeployRequest,
    message: string,
    problems: string[],
    outputTail: string[],
  ): void {
    const { dir } = this.settings;
    const state = readDeployState(dir);
    writeDeployState(dir, {
      ...state,
      state: "failed",
      building: null,
      failure: { commit: request.commit, at: new Date().toISOString(), message, problems },
    });
    this.options.log.error(
      { commit: request.commit, problems },
      `deploy of ${request.commit ?? "the branch"} failed, the live release stays: ${message}`,
    );
    const notice: FailureNotice = {
      commit: request.commit,
      author: request.author ?? null,
      subject: request.subject ?? "",
      message,
      problems,
      outputTail,
    };
    this.options.notify?.(notice).catch((error: unknown) => {
      this.options.log.error(`the failed deploy's email was not sent: ${oneLine(error)}`);
    });
  }
}

/** What /api/deploy/status answers: no personal data (no author, no email). */
export function deployStatus(dir: string) {
  const state = readDeployState(dir);
  const live: ReleaseInfo | undefined = listReleases(dir).find((release) => release.live);
  return {
    state: state.state,
    live: live ? { commit: live.commit, since: live.builtAt } : null,
    building: state.building
      ? { commit: state.building.commit, since: state.building.since }
      : null,
    failure: state.failure
      ? {
          commit: state.failure.commit,
          at: state.failure.at,
          message: state.failure.message,
          problems: state.failure.problems,
        }
      : null,
  };
}
