// @ts-check
// The budgets every measured page must meet (the benchmark fails on any miss), and the lower
// goals we aim at (printed, not enforced). Byte figures are compressed transfer sizes, in kB of
// 1000 bytes; Lighthouse's own report shows KiB (1024 bytes), printed alongside.

const kB = 1000;

// The first round trip of a new connection carries TCP's initial window, 10 segments of 1460
// bytes: a page whose HTML and response headers fit in it paints one round trip (150 ms on the
// simulated slow 4G) sooner than one that needs a second.
const firstRoundTrip = 10 * 1460;

/**
 * `everyRun`: the budget and the goal judged on the worst of the runs, not on their median;
 * `goalEveryRun`: the goal alone (issue 53's targets: the largest paint at the first, and nothing
 * blocking, in every run; docs/performance.md says which are not met yet, and why).
 * @typedef {"ms" | "blocking" | "cls" | "bytes" | "count"} Unit
 * @typedef {{ key: string, label: string, unit?: Unit, min?: number, max?: number, goal?: number,
 *   everyRun?: boolean, goalEveryRun?: boolean }} Budget
 * @typedef {{ key: string, label: string, value: number, shown: string, budget: string,
 *   goal: string, goalMet: string, ok: boolean }} Row
 * @typedef {{ page: string, figures: Record<string, number>, checks?: Row[] }} PageResult
 */

/** @type {Budget[]} */
export const budgets = [
  { key: "performance", label: "Performance score", min: 98, goal: 100 },
  { key: "accessibility", label: "Accessibility score", min: 100 },
  { key: "bestPractices", label: "Best practices score", min: 100 },
  { key: "seo", label: "SEO score", min: 100 },
  // Under the slow 4G simulated, nothing paints before about 0.69 s (the HTML's round trips): the
  // largest paint is the first one when no file but the HTML ends before it (docs/performance.md).
  // A file back on that path puts the median 0.25–0.3 s past FCP.
  {
    key: "lcp",
    label: "Largest Contentful Paint",
    unit: "ms",
    max: 750,
    goal: 750,
    goalEveryRun: true,
  },
  { key: "fcp", label: "First Contentful Paint", unit: "ms" },
  {
    key: "lcpAfterFcp",
    label: "LCP − FCP",
    unit: "blocking",
    max: 50,
    goal: 50,
    goalEveryRun: true,
  },
  { key: "speedIndex", label: "Speed Index", unit: "ms" },
  // The switch to Public Sans on a first visit goes a part of the page per frame, no task near
  // 50 ms on the phone (docs/performance.md, "Total Blocking Time"); the page's first layout
  // covers the first screen and comes before the first paint, and the sections below it are laid
  // out a frame each after it (docs/performance.md, "The first layout of `/`").
  {
    key: "tbt",
    label: "Total Blocking Time",
    unit: "blocking",
    max: 5,
    goal: 5,
    everyRun: true,
  },
  // Nothing moves, the switch included: a part on screen whose text would move keeps the local
  // font (src/islands/font-switch.ts, e2e/font.test.mjs). The budget stays where it was: CI's
  // benches saw 0.001 on `/` in one run of five, twice, after that change, not yet explained
  // (docs/performance.md).
  {
    key: "cls",
    label: "Cumulative Layout Shift",
    unit: "cls",
    max: 0.005,
    goal: 0,
    everyRun: true,
  },
  { key: "scriptBytes", label: "JavaScript", unit: "bytes", max: 5 * kB },
  { key: "stylesheetBytes", label: "CSS", unit: "bytes" },
  {
    key: "documentBytes",
    label: "HTML, with its headers",
    unit: "bytes",
    max: firstRoundTrip,
  },
  { key: "totalBytes", label: "Total", unit: "bytes", max: 120 * kB },
  { key: "requests", label: "Requests", unit: "count", max: 8 },
];

/**
 * @param {number} value
 * @param {Unit} [unit]
 */
function format(value, unit) {
  switch (unit) {
    case "ms":
      return `${(value / 1000).toFixed(2)} s`;
    // Blocking time is short: in milliseconds, so that a few more of them show.
    case "blocking":
      return `${Math.round(value)} ms`;
    // A shift too small for three decimals is still a shift: it shows.
    case "cls":
      return value > 0 && value < 0.001 ? value.toFixed(5) : value.toFixed(3);
    case "bytes":
      return `${(value / kB).toFixed(1)} kB (${(value / 1024).toFixed(1)} KiB)`;
    default:
      return String(value);
  }
}

/**
 * Each figure beside its budget and goal, with whether the budget is met: the median over the
 * runs, or the worst run's figure for a budget judged in every run.
 * @param {string} page the page measured (for the caller's table)
 * @param {Record<string, number>} figures the medians
 * @param {Record<string, number>[]} [perRun] each run's figures
 * @returns {Row[]}
 */
export function check(page, figures, perRun = [figures]) {
  return budgets.map(({ key, label, unit, min, max, goal, everyRun, goalEveryRun }) => {
    const values = perRun.map((run) => /** @type {number} */ (run[key]));
    const worst = min !== undefined ? Math.min(...values) : Math.max(...values);
    const value = everyRun ? worst : /** @type {number} */ (figures[key]);
    const ok = (min === undefined || value >= min) && (max === undefined || value <= max);
    const judged = goalEveryRun ? worst : value;
    const goalMet =
      goal === undefined || (min !== undefined ? judged >= goal : judged <= goal) ? "" : "not yet";
    return {
      key,
      label: everyRun ? `${label} (worst run)` : label,
      value,
      shown: format(value, unit),
      budget: min !== undefined ? `≥ ${min}` : max !== undefined ? `≤ ${format(max, unit)}` : "—",
      goal:
        goal === undefined
          ? ""
          : `${min !== undefined ? "" : "≤ "}${format(goal, unit)}${goalEveryRun ? ` in every run (worst: ${format(worst, unit)})` : ""}`,
      goalMet,
      ok,
    };
  });
}

/** The change from `before` to `value`, signed, in the figure's unit ("=" when equal). */
/**
 * @param {number} value
 * @param {number} before
 * @param {Unit} [unit]
 */
function formatChange(value, before, unit) {
  const change = value - before;
  const size = Math.abs(change);
  const shown =
    unit === "ms" || unit === "blocking"
      ? format(size, unit)
      : unit === "cls"
        ? size.toFixed(3)
        : unit === "bytes"
          ? `${(size / kB).toFixed(1)} kB`
          : String(Number(size.toFixed(1)));
  // A change too small to show is no change.
  if (!/[1-9]/u.test(shown)) return "=";
  return `${change > 0 ? "+" : "−"}${shown}`;
}

/**
 * Each figure beside its budget, goal, the same figure of gatsby-starter-blog's home page measured
 * in the same rounds (`starter`: its rows, when the peer was given, bench/peers.mjs), and the same
 * figure of the previous run (`previous`: that run's median figures of the same page), with the
 * change.
 * @param {Row[]} rows
 * @param {Record<string, number> | undefined} previous
 * @param {Row[]} [starter]
 */
export function formatTable(rows, previous, starter) {
  const units = Object.fromEntries(budgets.map(({ key, unit }) => [key, unit]));
  /** @param {Row} row */
  const before = (row) => {
    const value = previous?.[row.key];
    if (typeof value !== "number") return "—";
    const unit = units[row.key];
    const shown = unit === "bytes" ? `${(value / kB).toFixed(1)} kB` : format(value, unit);
    return `${shown} (${formatChange(row.value, value, unit)})`;
  };
  /** @param {Row} row */
  const starterShown = (row) => starter?.find((other) => other.key === row.key)?.shown ?? "—";
  const lines = [
    `| measure | value | budget | status | goal |${starter ? " gatsby-starter-blog / |" : ""} previous run (change) |`,
    `| --- | --- | --- | --- | --- |${starter ? " --- |" : ""} --- |`,
    ...rows.map(
      (row) =>
        `| ${row.label} | ${row.shown} | ${row.budget} | ${row.ok ? "ok" : "MISSED"} | ${
          row.goal ? `${row.goal}${row.goalMet ? ` (${row.goalMet})` : ""}` : ""
        } |${starter ? ` ${starterShown(row)} |` : ""} ${before(row)} |`,
    ),
  ];
  return lines.join("\n");
}

/**
 * A page's figures as a previous run judged them (the worst run's, for a budget of every run),
 * read from its results; its medians when it predates the judged rows.
 * @param {{ results?: PageResult[] } | null} previous
 * @param {string} page
 */
export function previousFigures(previous, page) {
  const entry = previous?.results?.find((result) => result.page === page);
  return entry?.checks
    ? Object.fromEntries(entry.checks.map((row) => [row.key, row.value]))
    : entry?.figures;
}
