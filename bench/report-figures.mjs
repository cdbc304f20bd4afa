// @ts-check
// What `npm run bench` reads in a Lighthouse report: the figures its budgets speak of, their
// median over the runs, the failed audits behind a score under 100, and the tasks that blocked
// the main thread.

/**
 * What bench/lighthouse-run.mjs writes: Lighthouse's report, and the calibration its timings were
 * simulated with (the uncalibrated figures are absent when Lighthouse gave none).
 * @typedef {import("lighthouse/types/lhr/lhr.js").default} Report
 * @typedef {{ index: number, multiplier: number, mainThreadCpuShare: number,
 *   uncalibrated: { tbt?: number, lcp?: number } }} Calibration
 * @typedef {{ lhr: Report, calibration: Calibration }} LighthouseRun
 * @typedef {{ resourceType: string, transferSize: number, requestCount: number }} ResourceSummaryItem
 * @typedef {{ url: string, startTime: number, duration: number }} LongTask
 */

/**
 * @param {Report} lhr
 * @param {string} id
 */
function auditOf(lhr, id) {
  const audit = lhr.audits[id];
  if (!audit) throw new Error(`Lighthouse's report has no audit ${id}`);
  return audit;
}

/**
 * @param {Report} lhr
 * @param {string} id
 */
function categoryOf(lhr, id) {
  const category = lhr.categories[id];
  if (!category) throw new Error(`Lighthouse's report has no category ${id}`);
  return category;
}

/**
 * A category's score out of 100: one Lighthouse could not score (null) counts as 0, so that it
 * misses its budget.
 * @param {Report} lhr
 * @param {string} id
 */
export function scoreOf(lhr, id) {
  return Math.round((categoryOf(lhr, id).score ?? 0) * 100);
}

/**
 * An audit's figure: NaN when the audit failed, which misses its budget and still lets the runs
 * be reported.
 * @param {Report} lhr
 * @param {string} id
 */
export function metricOf(lhr, id) {
  return auditOf(lhr, id).numericValue ?? NaN;
}

/**
 * The figures of a run that the budgets speak of.
 * @param {LighthouseRun} run
 */
export function figures({ lhr }) {
  const { details } = auditOf(lhr, "resource-summary");
  if (details?.type !== "table") throw new Error("Lighthouse's resource summary has no table");
  const items = /** @type {ResourceSummaryItem[]} */ (details.items);
  const summary = Object.fromEntries(items.map((item) => [item.resourceType, item]));
  /** @param {string} type */
  const resource = (type) => {
    const item = summary[type];
    if (!item) throw new Error(`Lighthouse's resource summary has no line for ${type}`);
    return item;
  };
  /** @param {string} id */
  const score = (id) => scoreOf(lhr, id);
  /** @param {string} id */
  const metric = (id) => metricOf(lhr, id);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcp: metric("largest-contentful-paint"),
    fcp: metric("first-contentful-paint"),
    // What the largest paint waits for beyond the first: 0 when the first paint is the largest.
    lcpAfterFcp: metric("largest-contentful-paint") - metric("first-contentful-paint"),
    speedIndex: metric("speed-index"),
    tbt: metric("total-blocking-time"),
    cls: metric("cumulative-layout-shift"),
    scriptBytes: resource("script").transferSize,
    stylesheetBytes: resource("stylesheet").transferSize,
    documentBytes: resource("document").transferSize,
    totalBytes: resource("total").transferSize,
    requests: resource("total").requestCount,
  };
}

/** @typedef {ReturnType<typeof figures>} Figures */

/**
 * Each figure's median over the runs (the middle value of an odd count).
 * @param {Figures[]} perRun
 * @returns {Record<string, number>}
 */
export function medianFigures(perRun) {
  const [first] = perRun;
  if (!first) throw new Error("No run to take the median figures of");
  const keys = /** @type {(keyof Figures)[]} */ (Object.keys(first));
  return Object.fromEntries(
    keys.map((key) => {
      const values = perRun.map((run) => run[key]).sort((a, b) => a - b);
      /** @param {number} index */
      const at = (index) => /** @type {number} */ (values[index]);
      const middle = Math.floor(values.length / 2);
      const value = values.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
      return [key, value];
    }),
  );
}

/**
 * Every failed audit of a non-performance category, so a missed 100 says why.
 * @param {Report} lhr
 */
export function failedAudits(lhr) {
  return ["accessibility", "best-practices", "seo"].flatMap((id) =>
    categoryOf(lhr, id)
      .auditRefs.filter((ref) => ref.weight > 0 && auditOf(lhr, ref.id).score !== null)
      .filter((ref) => /** @type {number} */ (auditOf(lhr, ref.id).score) < 1)
      .map((ref) => `${id}: ${ref.id} — ${auditOf(lhr, ref.id).title}`),
  );
}

/**
 * What a long task ran: the page's HTML (asked for with or without its redirect), a bundle (its
 * name without the hash), or no script at all.
 * @param {string} url
 * @param {Report} lhr
 */
function taskSource(url, lhr) {
  if (!URL.canParse(url)) return "style/layout";
  if ([lhr.requestedUrl, lhr.mainDocumentUrl, lhr.finalDisplayedUrl].includes(url)) return "HTML";
  const { pathname } = new URL(url);
  return (pathname.split("/").pop() || pathname).replace(/-[0-9a-f]{12,}\.js$/u, ".js");
}

/**
 * The tasks that can count towards Total Blocking Time: the long ones (50 ms or more on the
 * slowed-down CPU) that end after the first contentful paint, named by the script they ran.
 * @param {Report} lhr
 */
export function blockingTasks(lhr) {
  const fcp = metricOf(lhr, "first-contentful-paint");
  const details = lhr.audits["long-tasks"]?.details;
  const items = details?.type === "table" ? /** @type {LongTask[]} */ (details.items) : [];
  return items
    .filter((task) => task.startTime + task.duration > fcp)
    .map((task) => `${taskSource(task.url, lhr)} ${Math.round(task.duration)} ms`);
}

/**
 * The scripts the page loaded, each by its path with its bytes on the wire, from Lighthouse's
 * network records.
 * @param {Report} lhr
 */
export function scriptsLoaded(lhr) {
  const details = lhr.audits["network-requests"]?.details;
  const items =
    details?.type === "table"
      ? /** @type {{ url: string, transferSize?: number, resourceType?: string }[]} */ (
          details.items
        )
      : [];
  return items
    .filter((item) => item.resourceType === "Script")
    .map((item) => ({ file: new URL(item.url).pathname, bytes: item.transferSize ?? 0 }));
}
