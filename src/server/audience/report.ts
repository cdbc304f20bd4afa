import type { SqlAudience } from "../leads/sql-audience";
import { readParisTime } from "../../shared/content-model/paris-time";
import type { FilteredClass } from "./classify";

// The team's figures over a period of Paris days (GET /equipe/statistiques, its CSV): visits and
// visitors per day and per page, entry pages, referrers, paths not found, the quote form's funnel,
// real-user speed at the 75th percentile, hits filtered by class. A visitor is one day's hash: the
// same person on two days counts twice, as anywhere without a cookie. The funnel's last step,
// requests accepted, is the lead store's count of requests received, never a beacon: nothing
// joins a visit to a request.

export interface Period {
  /** First and last Paris day, YYYY-MM-DD, both included. */
  from: string;
  to: string;
}

export interface PageSpeed {
  path: string;
  samples: number;
  lcpMs: number | null;
  cls: number | null;
  inpMs: number | null;
}

export interface AudienceReport {
  period: Period;
  days: { day: string; views: number; visitors: number }[];
  pages: { path: string; views: number; visitors: number }[];
  entries: { path: string; visits: number }[];
  referrers: { host: string; visits: number }[];
  missing: { path: string; hits: number }[];
  funnel: { seen: number; started: number; sent: number; accepted: number };
  speed: PageSpeed[];
  filtered: { class: FilteredClass; hits: number }[];
}

type Count = number | string;

/** Google's thresholds of a good experience, at the 75th percentile. */
export const goodSpeed = { lcpMs: 2_500, cls: 0.1, inpMs: 200 };

/** The value at the 75th percentile (nearest rank), or null without any. */
export function p75(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(0.75 * sorted.length) - 1]!;
}

/** Every day from `from` to `to`. */
export function daysOf({ from, to }: Period): string[] {
  const days: string[] = [];
  for (let day = new Date(`${from}T12:00:00Z`); ; day = new Date(day.getTime() + 86_400_000)) {
    const text = day.toISOString().slice(0, 10);
    if (text > to || days.length > 3_660) return days;
    days.push(text);
  }
}

/** The instant a Paris day begins. */
function dayStart(day: string): Date {
  const read = readParisTime(`${day} 00:00`);
  if (!("instant" in read)) throw new Error(`not a day: ${day}`);
  return read.instant;
}

const nextDay = (day: string) =>
  new Date(new Date(`${day}T12:00:00Z`).getTime() + 86_400_000).toISOString().slice(0, 10);

export async function audienceReport(
  audience: SqlAudience,
  period: Period,
): Promise<AudienceReport> {
  const { from, to } = period;
  const rows = <T extends Record<string, unknown>>(sql: string) => audience.rows<T>(sql, from, to);
  const inPeriod = "day >= $1 AND day <= $2";

  // Events' days, and the days whose events the purge has summed up (audience_daily).
  const perDay = await rows<{ day: string; views: Count; visitors: Count }>(
    `SELECT day, count(*) AS views, count(DISTINCT visitor) AS visitors FROM audience_events
     WHERE ${inPeriod} AND kind = 'view' GROUP BY day
     UNION ALL
     SELECT day, sum(views), sum(visitors) FROM audience_daily WHERE ${inPeriod} GROUP BY day`,
  );
  const byDay = new Map(perDay.map((row) => [row.day, row]));
  const days = daysOf(period).map((day) => ({
    day,
    views: Number(byDay.get(day)?.views ?? 0),
    visitors: Number(byDay.get(day)?.visitors ?? 0),
  }));

  const pageRows = await rows<{ path: string; views: Count; visitors: Count }>(
    `SELECT path, sum(views) AS views, sum(visitors) AS visitors FROM (
       SELECT path, count(*) AS views, count(DISTINCT day || visitor) AS visitors
       FROM audience_events WHERE ${inPeriod} AND kind = 'view' GROUP BY path
       UNION ALL
       SELECT path, sum(views), sum(visitors) FROM audience_daily WHERE ${inPeriod} GROUP BY path
     ) AS pages GROUP BY path ORDER BY sum(views) DESC, path`,
  );
  const entries = await rows<{ path: string; visits: Count }>(
    `SELECT e.path AS path, count(*) AS visits FROM audience_events e
     JOIN (SELECT min(seq) AS first FROM audience_events
           WHERE ${inPeriod} AND kind = 'view' GROUP BY day, visitor) f ON e.seq = f.first
     GROUP BY e.path ORDER BY count(*) DESC, e.path`,
  );
  const referrers = await rows<{ host: string; visits: Count }>(
    `SELECT referrer AS host, count(*) AS visits FROM audience_events
     WHERE ${inPeriod} AND kind = 'view' AND referrer IS NOT NULL
     GROUP BY referrer ORDER BY count(*) DESC, referrer LIMIT 50`,
  );
  const missing = await rows<{ path: string; hits: Count }>(
    `SELECT path, count(*) AS hits FROM audience_events WHERE ${inPeriod} AND kind = 'missing'
     GROUP BY path ORDER BY count(*) DESC, path LIMIT 100`,
  );
  const steps = await rows<{ step: string; visitors: Count }>(
    `SELECT step, count(DISTINCT day || visitor) AS visitors FROM audience_events
     WHERE ${inPeriod} AND kind = 'step' GROUP BY step`,
  );
  const stepCount = (step: string) => Number(steps.find((row) => row.step === step)?.visitors ?? 0);
  const accepted = await audience.requestsReceived(dayStart(from), dayStart(nextDay(to)));
  const speedRows = await rows<{
    path: string;
    lcp_ms: number | null;
    cls: number | null;
    inp_ms: number | null;
  }>(`SELECT path, lcp_ms, cls, inp_ms FROM audience_events WHERE ${inPeriod} AND kind = 'speed'`);
  const speedByPage = new Map<string, typeof speedRows>();
  for (const row of speedRows)
    speedByPage.set(row.path, [...(speedByPage.get(row.path) ?? []), row]);
  const values = (list: typeof speedRows, key: "lcp_ms" | "cls" | "inp_ms") =>
    list
      .map((row) => row[key])
      .filter((value): value is number => value !== null)
      .map(Number);
  const filtered = await rows<{ class: FilteredClass; hits: Count }>(
    `SELECT class, sum(hits) AS hits FROM audience_filtered WHERE ${inPeriod}
     GROUP BY class ORDER BY sum(hits) DESC, class`,
  );

  return {
    period,
    days,
    pages: pageRows.map((row) => ({
      path: row.path,
      views: Number(row.views),
      visitors: Number(row.visitors),
    })),
    entries: entries.map((row) => ({ path: row.path, visits: Number(row.visits) })),
    referrers: referrers.map((row) => ({ host: row.host, visits: Number(row.visits) })),
    missing: missing.map((row) => ({ path: row.path, hits: Number(row.hits) })),
    funnel: {
      seen: stepCount("seen"),
      started: stepCount("started"),
      sent: stepCount("sent"),
      accepted,
    },
    speed: [...speedByPage]
      .map(([path, list]) => ({
        path,
        samples: list.length,
        lcpMs: p75(values(list, "lcp_ms")),
        cls: p75(values(list, "cls")),
        inpMs: p75(values(list, "inp_ms")),
      }))
      .sort((a, b) => b.samples - a.samples || a.path.localeCompare(b.path)),
    filtered: filtered.map((row) => ({ class: row.class, hits: Number(row.hits) })),
  };
}
