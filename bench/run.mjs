// @ts-check
// Benchmark: times a cold and a warm production build, then runs Lighthouse 12 (mobile form
// factor, simulated throttling with the CPU slowdown calibrated to the machine's speed) five
// times on each measured page of the build served by the production server, takes the median of each figure
// over the runs, prints it beside its budget and the previous run's figure, and fails when a
// budget is missed. Results go to bench-results/ (git-ignored) as JSON and Markdown.
//
//   npm run bench                 builds cold, warm, and after one figure changed, times a deploy
//                                 cold and one from the webhook warm (bench/deploys.ts), then measures
//   npm run bench -- --no-build   measures the build already in public/
//
// With BENCH_PEER_STARTER / BENCH_PEER_ASTROWIND, the peers' home pages are measured in the same
// rounds (bench/peers.mjs); then a visitor fills the quote form on a phone (bench/form-fill.mjs).
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { ReportGenerator } from "lighthouse/report/generator/report-generator.js";
import { startProductionServer } from "../e2e/production-server.mjs";
import { budgets, check, formatTable, previousFigures } from "./budgets.mjs";
import {
  comparedWithReference,
  deploysComparedWithReference,
  timeBuilds,
  timeDeploys,
} from "./builds.mjs";
import { referenceIndex, referenceSlowdown } from "./calibration.mjs";
import { measureFormFill } from "./form-fill.mjs";
import { formFillLines, readBaseline } from "./form-fill-report.mjs";
import {
  commitMeasured,
  machineFigures,
  quietCpu,
  quietIdleShare,
  withStealShare,
} from "./machine.mjs";
import { peersFromEnv, sideBySide, starterChecks, startPeers } from "./peers.mjs";
import {
  blockingTasks,
  failedAudits,
  figures,
  medianFigures,
  metricOf,
  scoreOf,
} from "./report-figures.mjs";

/**
 * @typedef {import("./report-figures.mjs").Report} Report
 * @typedef {import("./report-figures.mjs").LighthouseRun} LighthouseRun
 */

// BENCH_PAGES (comma-separated paths; every page of the site by default) chooses the measured pages.
const everyPage =
  "/,/mentions-legales,/politique-confidentialite,/conditions-generales,/locataires,/accessibilite";
const pages = (process.env.BENCH_PAGES ?? everyPage).split(",");
const runs = Number(process.env.BENCH_RUNS ?? 5);
const port = Number(process.env.BENCH_PORT ?? 9300);
// Peers named before anything is built, so that a wrong folder fails at once.
const peerSites = peersFromEnv(process.env);
const resultsDir = "bench-results";
const env = { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" };
const execFileAsync = promisify(execFile);

/**
 * The previous run's results in this working copy, read before this run replaces them.
 * @returns {{ date: string, commit?: string, machine?: { benchmarkIndex?: number },
 *   results?: import("./budgets.mjs").PageResult[] } | null}
 */
function previousResults() {
  try {
    return JSON.parse(readFileSync(`${resultsDir}/latest.json`, "utf8"));
  } catch {
    return null;
  }
}
const previous = previousResults();

/** @type {Partial<import("./builds.mjs").BuildTimes>} */
const buildTimes = process.argv.includes("--no-build") ? {} : timeBuilds();
// Edit-to-live on our own server, timed with the builds (minutes: not with --no-build).
const deployTimes = process.argv.includes("--no-build") ? undefined : timeDeploys();
if (!existsSync("public/index.html")) {
  console.error("No production build in public/: run `npm run build` first.");
  process.exit(1);
}

const lighthouseRunScript = fileURLToPath(new URL("lighthouse-run.mjs", import.meta.url));

/**
 * One Lighthouse run, in a process and a fresh Chromium profile of its own: its report (`lhr`)
 * and the calibration its timings were simulated with.
 * @param {string} url
 * @returns {Promise<LighthouseRun>}
 */
async function lighthouseRun(url) {
  const reportFile = path.join(mkdtempSync(path.join(tmpdir(), "bench-")), "result.json");
  try {
    await execFileAsync(process.execPath, [lighthouseRunScript, url, reportFile], {
      env,
      maxBuffer: 16 * 1024 * 1024,
      // A run takes about 20 s; one that hangs (a browser that never answers) fails the bench.
      timeout: 180_000,
    });
    return JSON.parse(readFileSync(reportFile, "utf8"));
  } finally {
    rmSync(path.dirname(reportFile), { recursive: true, force: true });
  }
}

// The production server (`npm run serve`), as visitors get the site: the build's Brotli and gzip
// copies, the headers of _headers. Leads posted during the runs (none are) would go to a
// throwaway file.
const { url: baseUrl, stop: stopServer } = await startProductionServer({
  port,
  env: {
    QUOTE_DATABASE_DIR: path.join(mkdtempSync(path.join(tmpdir(), "bench-leads-")), "leads"),
  },
});

// The peers' static folders, each on the port after ours.
const peers = await startPeers(peerSites, port + 1);

// Runs go page by page within each round (/, the peers' home pages, then the legal page, then /
// again…), so a slow spell of the machine falls on every page rather than on every run of one.
/** @type {Map<string, LighthouseRun[]>} */
const runsByPage = new Map(pages.map((page) => [page, []]));
/** @param {string} page */
const runsOf = (page) => /** @type {LighthouseRun[]} */ (runsByPage.get(page));
const turns = pages.flatMap((page) => [
  { page, url: baseUrl + page, runs: runsOf(page) },
  ...(page === "/"
    ? peers.map((peer) => ({ page: `${peer.name} /`, url: `${peer.url}/`, runs: peer.runs }))
    : []),
]);
for (let run = 1; run <= runs; run += 1) {
  for (const { page, url, runs: pageRuns } of turns) {
    const idleShare = await quietCpu();
    const quiet = idleShare !== null && idleShare >= quietIdleShare ? "" : ", busy";
    const idle = idleShare === null ? "" : ` (CPU ${Math.round(idleShare * 100)} % idle${quiet})`;
    process.stdout.write(`Lighthouse ${page} run ${run}/${runs}${idle}… `);
    const { result, stealShare } = await withStealShare(() => lighthouseRun(url));
    pageRuns.push(result);
    const { lhr, calibration } = result;
    const score = scoreOf(lhr, "performance");
    const tbt = Math.round(metricOf(lhr, "total-blocking-time"));
    const tasks = blockingTasks(lhr);
    // When the browser showed the first frame in the real load (wall-clock): Speed Index is
    // estimated partly from it, uncalibrated (docs/performance.md, "Limits").
    const metrics = lhr.audits.metrics?.details;
    /** @type {number | undefined} */
    const shown =
      metrics?.type === "debugdata" ? metrics.items?.[0]?.observedFirstContentfulPaint : undefined;
    const steal = stealShare === null ? "" : `, steal ${(stealShare * 100).toFixed(1)} %`;
    const speed =
      `benchmark index ${Math.round(calibration.index)}, slowdown ×${calibration.multiplier.toFixed(2)}, ` +
      `main thread had ${Math.round(calibration.mainThreadCpuShare * 100)} % of a CPU ` +
      `(uncalibrated TBT ${Math.round(calibration.uncalibrated.tbt ?? NaN)} ms)`;
    console.log(
      `${speed}; performance ${score}, TBT ${tbt} ms` +
        (shown === undefined ? "" : `, first frame shown at ${Math.round(shown)} ms`) +
        steal +
        (tasks.length ? `; long tasks after FCP: ${tasks.join(", ")}` : ""),
    );
  }
}

const measured = [];
const medianReports = [];
for (const page of pages) {
  const pageRuns = runsOf(page);
  const lhrs = pageRuns.map((run) => run.lhr);
  // Lighthouse's representative run (median FCP and TTI) keeps its full report; each figure is
  // judged by its own median over the runs, as Lighthouse CI's "median" aggregation does, so
  // one run slowed by the machine cannot fail or pass a budget alone.
  /** @type {Report} */
  const median = computeMedianRun(lhrs);
  medianReports.push({ page, lhr: median });
  const perRun = pageRuns.map(figures);
  measured.push({
    page,
    lighthouseVersion: median.lighthouseVersion,
    userAgent: median.environment.hostUserAgent,
    benchmarkIndex: median.environment.benchmarkIndex,
    figures: medianFigures(perRun),
    runs: perRun,
    calibration: pageRuns.map((run) => run.calibration),
    failedAudits: lhrs.flatMap((lhr, index) =>
      failedAudits(lhr).map((line) => `run ${index + 1}, ${line}`),
    ),
  });
}
const comparison =
  peers.length && runsByPage.has("/")
    ? await sideBySide({ name: "ours", url: `${baseUrl}/`, runs: runsOf("/") }, peers)
    : undefined;
await stopServer();
await Promise.all(peers.map((peer) => peer.stop()));

// A visitor filling the quote form on a phone, beside the figure recorded before the islands.
const formFill = process.env.BENCH_FORM_RUNS === "0" ? undefined : await measureFormFill();

// The browser's speed over every run and the CPU multipliers it called for (bench/machine.mjs).
const machine = machineFigures(measured.flatMap((entry) => entry.calibration));
const commit = commitMeasured();
const date = new Date().toISOString();
const results = measured.map((entry) => ({
  ...entry,
  checks: check(entry.page, entry.figures, entry.runs),
}));
const starterRows = starterChecks(peers);
const { cold, warm, oneFigure } = buildTimes;
const markdown = [
  `# Benchmark — ${date}, commit ${commit}` +
    (cold === undefined ? " (the build already in public/ was measured)" : ""),
  "",
  `Lighthouse ${results[0]?.lighthouseVersion ?? "?"}, mobile, simulated throttling; each figure is its median over ${runs} runs, or its worst run where marked.`,
  `Machine: ${machine.cpus} CPUs, load average ${machine.loadAverage}, Chromium's benchmark index ${machine.benchmarkIndex} ` +
    `(runs ${machine.benchmarkIndexRange.join("–")}); CPU slowdown calibrated to ${referenceSlowdown}× at index ${referenceIndex}: ` +
    `×${machine.multiplierRange.map((value) => value.toFixed(2)).join("–")}.`,
  previous
    ? `Previous run: ${previous.date}, commit ${previous.commit ?? "unknown"}, benchmark index ${previous.machine?.benchmarkIndex ?? "?"}.`
    : "Previous run: none in bench-results/.",
  "",
  // The three are timed together, or none is.
  ...(cold === undefined || warm === undefined || oneFigure === undefined
    ? []
    : [
        `Build times: cold ${cold.toFixed(1)} s, warm ${warm.toFixed(1)} s, ` +
          `after one figure changed in content/ ${oneFigure.toFixed(1)} s (printed, never a budget: they follow the machine).`,
        ...comparedWithReference({ ...buildTimes, cold, warm, oneFigure }),
        ...(deployTimes ? deploysComparedWithReference(deployTimes, buildTimes.reference) : []),
        "",
      ]),
  ...results.flatMap(({ page, checks, runs: perRun, calibration, failedAudits: failed }) => [
    `## ${page}`,
    "",
    formatTable(checks, previousFigures(previous, page), starterRows),
    "",
    `Runs: performance ${perRun.map((run) => run.performance).join(" / ")}, ` +
      `LCP ${perRun.map((run) => (run.lcp / 1000).toFixed(2)).join(" / ")} s, ` +
      `FCP ${perRun.map((run) => (run.fcp / 1000).toFixed(2)).join(" / ")} s, ` +
      `TBT ${perRun.map((run) => Math.round(run.tbt)).join(" / ")} ms; ` +
      `benchmark index ${calibration.map((run) => Math.round(run.index)).join(" / ")}, ` +
      `CPU ×${calibration.map((run) => run.multiplier.toFixed(2)).join(" / ")}; ` +
      `uncalibrated (wall-clock tasks, 4×, not judged): TBT ` +
      `${calibration.map((run) => Math.round(run.uncalibrated.tbt ?? NaN)).join(" / ")} ms, LCP ` +
      `${calibration.map((run) => ((run.uncalibrated.lcp ?? NaN) / 1000).toFixed(2)).join(" / ")} s.`,
    ...(failed.length ? ["", "Failed audits:", ...failed.map((line) => `- ${line}`)] : []),
    "",
  ]),
  ...(comparison ? [...comparison.lines, ""] : []),
  ...(formFill ? formFillLines(formFill, readBaseline()) : []),
].join("\n");

console.log(`\n${markdown}`);
mkdirSync(resultsDir, { recursive: true });
// latest.* is the last run; the dated copies keep the history of this working copy.
const json = JSON.stringify(
  {
    date,
    commit,
    runs,
    machine,
    budgets,
    buildTimes,
    deployTimes,
    results,
    peers: comparison && { pages: comparison.pages, targets: comparison.targets },
    formFill,
  },
  null,
  2,
);
const stamp = date.replace(/[:.]/g, "-");
for (const name of ["latest", stamp]) {
  writeFileSync(`${resultsDir}/${name}.json`, json);
  writeFileSync(`${resultsDir}/${name}.md`, `${markdown}\n`);
}
// The median run's full Lighthouse report, to read the audits behind a figure.
for (const { page, lhr } of medianReports) {
  const name = page === "/" ? "home" : page.slice(1);
  writeFileSync(`${resultsDir}/lighthouse-${name}.json`, JSON.stringify(lhr));
  writeFileSync(`${resultsDir}/lighthouse-${name}.html`, ReportGenerator.generateReportHtml(lhr));
}
console.log(
  `Results written to ${resultsDir}/: latest.{json,md}, ${stamp}.{json,md}, lighthouse-*.{json,html}`,
);

const missed = results.flatMap(({ page, checks }) =>
  checks.filter((row) => !row.ok).map((row) => `${page}: ${row.label}`),
);
if (missed.length) {
  console.error(`\nBudget missed:\n${missed.map((line) => `  - ${line}`).join("\n")}`);
  process.exitCode = 1;
}
