import { nextInstant, readSchedule } from "./schedule";

// Waits for the next instant of DEPLOY_DIR/schedule.json and asks for a scheduled build when it
// has come. It never waits more than a minute at a time: setTimeout's limit (about 24.8 days) is
// never met, however far the instant, and a wall clock moved forward (by hand, by NTP, by
// libfaketime) is seen within a minute, as is a schedule another process (`npm run site`) planned.
// An instant already past at start (the server was down across it) is caught up at once.

/** The time of the process, injected so that tests move it rather than wait. */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    // A server stopping does not wait for its next look at the clock.
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** The longest wait between two looks at the clock and the schedule. */
export const lookEveryMs = 60_000;

export class Scheduler {
  private handle: unknown = null;
  private stopped = false;

  constructor(
    private readonly dir: string,
    private readonly clock: Clock,
    /** Asks for a build as of `at`, the instant that has come (the Deployer queues it). */
    private readonly due: (at: Date) => void,
  ) {}

  /** Looks at the schedule now, and again within a minute; a due instant is asked for once. */
  look(): void {
    if (this.stopped) return;
    if (this.handle !== null) this.clock.clearTimeout(this.handle);
    this.handle = null;
    const next = nextInstant(readSchedule(this.dir));
    const wait = next ? next.getTime() - this.clock.now() : lookEveryMs;
    if (next && wait <= 0) {
      // The build plans the schedule again when it ends (the Deployer looks then): no timer
      // until then, so that a due instant is asked for once, not each minute while it builds.
      this.due(next);
      return;
    }
    this.handle = this.clock.setTimeout(() => this.look(), Math.min(wait, lookEveryMs));
  }

  stop(): void {
    this.stopped = true;
    if (this.handle !== null) this.clock.clearTimeout(this.handle);
    this.handle = null;
  }
}
