import type { Database } from "../leads/database";
import { newestBackup } from "../leads/last-backup";
import { overdueDeliveries, storeTakesWrites } from "../leads/sql-health";
import { oneLine } from "../one-line";
import type { SiteSource } from "./site-files";

// Whether the server can do its work — the store takes a write, a built site is there to serve,
// the delivery queue moves, the last backup is recent (with the embedded store) — checked by the
// server itself, one check at a time, every few seconds: the store's write lock is taken at that
// pace, never once per request, so a flood of GET /readyz (routes/health-routes.ts, which answers
// the verdict alone) costs the quote endpoint nothing. Each check's verdict, in English, for the
// operator: on the metrics listener (src/server/metrics/metrics.ts) and in the log when it turns.

export interface ReadinessSources {
  database: Database;
  site: SiteSource;
  /** BACKUP_DIR, where the hourly backup writes (ops/systemd/hestia-backup.timer); none: no check. */
  backupDir?: string;
  now?: () => Date;
}

export interface ReadinessReport {
  ready: boolean;
  /** Each check: "ok", or why not. */
  checks: Record<string, string>;
  /** When it was checked (ISO 8601). */
  checkedAt: string;
}

/** A check that does not answer in this time fails: a readiness probe must not hang. */
const checkTimeoutMs = 2_000;
/** A delivery due this long ago and still pending: the runner, which sweeps every 15 s, is stuck. */
const overdueAfterMs = 5 * 60_000;
/** The backup timer's hour, its random delay (5 min) and the copy's own time, with room to spare. */
export const backupTooOldMs = 75 * 60_000;
/** How often the server checks itself. */
export const readinessEveryMs = 5_000;

/** "ok", or why not, within the time allowed. */
async function verdict(check: () => Promise<string>): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      check(),
      new Promise<string>((resolve) => {
        timer = setTimeout(() => resolve(`no answer within ${checkTimeoutMs} ms`), checkTimeoutMs);
      }),
    ]);
  } catch (error) {
    return oneLine(error);
  } finally {
    clearTimeout(timer);
  }
}

export class Readiness {
  private report: ReadinessReport | null = null;
  private running: Promise<ReadinessReport> | null = null;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly sources: ReadinessSources,
    /** Told each time the verdict turns (and of the first one). */
    private readonly onTurn: (report: ReadinessReport) => void = () => {},
    private readonly everyMs = readinessEveryMs,
  ) {}

  /**
   * The last verdict, or null when none is recent: never checked yet, or the checks stopped (a
   * refresh not run for three periods means this process is not well, whatever it last found).
   */
  get latest(): ReadinessReport | null {
    const report = this.report;
    const now = (this.sources.now ?? (() => new Date()))().getTime();
    if (!report || now - Date.parse(report.checkedAt) > 3 * this.everyMs + checkTimeoutMs) {
      return null;
    }
    return report;
  }

  /** Checks now, or joins the check under way. */
  refresh(): Promise<ReadinessReport> {
    this.running ??= this.check().finally(() => (this.running = null));
    return this.running;
  }

  /** Checks now, then every `everyMs` after each check ends, until `stop`. */
  async start(): Promise<void> {
    await this.refresh();
    const next = () => {
      if (this.stopped) return;
      this.timer = setTimeout(() => void this.refresh().finally(next), this.everyMs);
      // The checks never keep the process alive on their own.
      this.timer.unref();
    };
    next();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private async check(): Promise<ReadinessReport> {
    const { database, site, backupDir, now = () => new Date() } = this.sources;
    const [store, served, deliveries, backup] = await Promise.all([
      verdict(async () => {
        await storeTakesWrites(database);
        return "ok";
      }),
      verdict(async () =>
        site.current().files.has("index.html") ? "ok" : "the built site has no index.html",
      ),
      verdict(async () => {
        const late = await overdueDeliveries(database, new Date(now().getTime() - overdueAfterMs));
        if (late.count === 0) return "ok";
        const minutes = Math.round((now().getTime() - late.oldest!.getTime()) / 60_000);
        return `${late.count} delivery(ies) overdue, the oldest due ${minutes} min ago`;
      }),
      verdict(async () => {
        if (!backupDir) return "ok";
        const last = newestBackup(backupDir);
        if (!last)
          return "no backup yet in BACKUP_DIR (npm run leads -- backup, hestia-backup.timer)";
        const minutes = Math.round((now().getTime() - last.mtimeMs) / 60_000);
        return now().getTime() - last.mtimeMs > backupTooOldMs
          ? `the last backup is ${minutes} min old`
          : "ok";
      }),
    ]);
    const checks = { store, site: served, deliveries, ...(backupDir ? { backup } : {}) };
    const ready = Object.values(checks).every((value) => value === "ok");
    const previous = this.report;
    this.report = { ready, checks, checkedAt: now().toISOString() };
    if (previous?.ready !== ready) this.onTurn(this.report);
    return this.report;
  }
}
