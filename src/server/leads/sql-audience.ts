import type { Executor, Row } from "./database";
import type { FilteredClass } from "../audience/classify";

// The site's anonymous audience (src/server/audience/), in the tables of migration 4 (6 on
// PostgreSQL), one text for both engines: the days' salts, the events, the hits filtered by
// class and the daily figures kept after the events. Nothing here holds an address, a
// User-Agent, a lead's id or a query string.

export interface AudienceEvent {
  day: string;
  kind: "view" | "missing" | "step" | "speed";
  path: string;
  visitor: string;
  referrer: string | null;
  width: "small" | "medium" | "large";
  browser: string;
  device: string;
  step: "seen" | "started" | "sent" | null;
  lcpMs: number | null;
  cls: number | null;
  inpMs: number | null;
}

type Count = number | string;

export class SqlAudience {
  constructor(
    private readonly db: Executor,
    private readonly ready: () => Promise<void>,
  ) {}

  /**
   * The salt of `day`, made by the first process to ask (`fresh` is kept only then: every
   * process then reads the same); the salts of the days before are deleted on the way.
   */
  async salt(day: string, fresh: string): Promise<string> {
    await this.ready();
    await this.db.query(
      "INSERT INTO audience_salts (day, salt) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING",
      [day, fresh],
    );
    await this.db.query("DELETE FROM audience_salts WHERE day < $1", [day]);
    const { rows } = await this.db.query<{ salt: string }>(
      "SELECT salt FROM audience_salts WHERE day = $1",
      [day],
    );
    return rows[0]!.salt;
  }

  /** The day's events: `visitor`'s, and all of them. */
  async load(day: string, visitor: string): Promise<{ ofVisitor: number; ofDay: number }> {
    await this.ready();
    const { rows } = await this.db.query<{ of_visitor: Count; of_day: Count }>(
      `SELECT
         (SELECT count(*) FROM audience_events WHERE day = $1 AND visitor = $2) AS of_visitor,
         (SELECT count(*) FROM audience_events WHERE day = $1) AS of_day`,
      [day, visitor],
    );
    const row = rows[0]!;
    return { ofVisitor: Number(row.of_visitor), ofDay: Number(row.of_day) };
  }

  /**
   * Whether a path not found may be kept as it is: one the day already has, or one of the
   * `cap` the day may take. A slot is claimed by an UPDATE of the day's row, which processes
   * counting at once take in turn: the day never holds more than `cap` distinct paths.
   */
  async claimMissingPath(day: string, path: string, cap: number): Promise<boolean> {
    await this.ready();
    const known = await this.db.query(
      "SELECT 1 FROM audience_events WHERE day = $1 AND kind = 'missing' AND path = $2 LIMIT 1",
      [day, path],
    );
    if (known.rows.length > 0) return true;
    await this.db.query(
      "INSERT INTO audience_day_caps (day, missing_paths) VALUES ($1, 0) ON CONFLICT (day) DO NOTHING",
      [day],
    );
    const claimed = await this.db.query(
      `UPDATE audience_day_caps SET missing_paths = missing_paths + 1
       WHERE day = $1 AND missing_paths < $2 RETURNING missing_paths`,
      [day, cap],
    );
    return claimed.rows.length > 0;
  }

  async record(event: AudienceEvent): Promise<void> {
    await this.ready();
    await this.db.query(
      `INSERT INTO audience_events
         (day, kind, path, visitor, referrer, width, browser, device, step, lcp_ms, cls, inp_ms)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        event.day,
        event.kind,
        event.path,
        event.visitor,
        event.referrer,
        event.width,
        event.browser,
        event.device,
        event.step,
        event.lcpMs,
        event.cls,
        event.inpMs,
      ],
    );
  }

  /** One more hit of `kind` not counted on `day`. */
  async filtered(day: string, kind: FilteredClass): Promise<void> {
    await this.ready();
    await this.db.query(
      `INSERT INTO audience_filtered (day, class, hits) VALUES ($1, $2, 1)
       ON CONFLICT (day, class) DO UPDATE SET hits = audience_filtered.hits + 1`,
      [day, kind],
    );
  }

  /**
   * The daily purge: each page's views and visitors of the days before `before` kept in
   * audience_daily, then those days' events deleted; the salts of the days before `today` too.
   */
  async purge(before: string, today: string): Promise<number> {
    await this.ready();
    await this.db.query(
      `INSERT INTO audience_daily (day, path, views, visitors)
       SELECT day, path, count(*), count(DISTINCT visitor) FROM audience_events
       WHERE day < $1 AND kind = 'view' GROUP BY day, path
       ON CONFLICT (day, path) DO NOTHING`,
      [before],
    );
    const deleted = await this.db.query("DELETE FROM audience_events WHERE day < $1", [before]);
    await this.db.query("DELETE FROM audience_day_caps WHERE day < $1", [today]);
    await this.db.query("DELETE FROM audience_salts WHERE day < $1", [today]);
    return deleted.rowCount ?? 0;
  }

  /**
   * The quote requests received between two instants: the funnel's last step, a count of the
   * lead store's and nothing else, so that no visit is ever joined to a request.
   */
  async requestsReceived(from: Date, until: Date): Promise<number> {
    await this.ready();
    const { rows } = await this.db.query<{ n: Count }>(
      "SELECT count(*) AS n FROM leads WHERE received_at >= $1 AND received_at < $2",
      [from, until],
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** Rows of `sql` over the days from `from` to `to` (both included, $1 and $2). */
  async rows<T extends Row>(sql: string, from: string, to: string): Promise<T[]> {
    await this.ready();
    return (await this.db.query<T>(sql, [from, to])).rows;
  }
}
