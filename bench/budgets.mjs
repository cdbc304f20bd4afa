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
 * @typedef {"ms" | "blocking" | "cls" | "bytes" | "count"} Unit
 * @typedef {{ key: string, label: string, unit?: Unit, min?: number, max?: number, goal?: number }} Budget
 * @typedef {{ key: string, label: string, value: number, shown: string, budget: string,
 *   goal: string, goalMet: string, ok: boolean }} Row
 */

/** @type {Budget[]} */
export const budgets = [
  { key: "performance", label: "Performance score", min: 98, goal: 100 },
  { key: "accessibility", label: "Accessibility score", min: 100 },
  { key: "bestPractices", label: "Best practices score", min: 100 },
  { key: "seo", label: "SEO score", min: 100 },
  { key: "lcp", label: "Largest Contentful Paint", unit: "ms", max: 1000 },
  { key: "fcp", label: "First Contentful Paint", unit: "ms" },
  { key: "speedIndex", label: "Speed Index", unit: "ms" },
  { key: "tbt", label: "Total Blocking Time", unit: "blocking", max: 50 },
  { key: "cls", label: "Cumulative Layout Shift", unit: "cls", max: 0 },
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
    case "cls":
      return value.toFixed(3);
    case "bytes":
      return `${(value / kB).toFixed(1)} kB (${(value / 1024).toFixed(1)} KiB)`;
    default:
      return String(value);
  }
}

/** Each figure beside its budget and goal, with whether the budget is met. */
/**
 * @param {string} page the page measured (for the caller's table)
 * @param {Record<string, number>} figures
 * @returns {Row[]}
 */
export function check(page, figures) {
  return budgets.map(({ key, label, unit, min, max, goal }) => {
    const value = /** @type {number} */ (figures[key]);
    const ok = (min === undefined || value >= min) && (max === undefined || value <= max);
    const goalMet =
      goal === undefined || (min !== undefined ? value >= goal : value < goal) ? "" : "not yet";
    return {
      key,
      label,
      value,
      shown: format(value, unit),
      budget: min !== undefined ? `≥ ${min}` : max !== undefined ? `≤ ${format(max, unit)}` : "—",
      goal: goal === undefined ? "" : `${min !== undefined ? "" : "< "}${format(goal, unit)}`,
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
 * Each figure beside its budget, goal, and the same figure of the previous run
 * (`previous`: that run's median figures of the same page), with the change.
 */
/**
 * @param {Row[]} rows
 * @param {Record<string, number> | undefined} previous
 */
export function formatTable(rows, previous) {
  const units = Object.fromEntries(budgets.map(({ key, unit }) => [key, unit]));
  /** @param {Row} row */
  const before = (row) => {
    const value = previous?.[row.key];
    if (typeof value !== "number") return "—";
    const unit = units[row.key];
    const shown = unit === "bytes" ? `${(value / kB).toFixed(1)} kB` : format(value, unit);
    return `${shown} (${formatChange(row.value, value, unit)})`;
  };
  const lines = [
    "| measure | value | budget | status | goal | previous run (change) |",
    "| --- | --- | --- | --- | --- | --- |",
    ...rows.map(
      (row) =>
        `| ${row.label} | ${row.shown} | ${row.budget} | ${row.ok ? "ok" : "MISSED"} | ${
          row.goal ? `${row.goal}${row.goalMet ? ` (${row.goalMet})` : ""}` : ""
        } | ${before(row)} |`,
    ),
  ];
  return lines.join("\n");
}
