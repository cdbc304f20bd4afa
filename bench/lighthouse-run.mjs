// @ts-check
// One Lighthouse run, in a process and a Chromium profile of its own: `node
// bench/lighthouse-run.mjs <url> <result.json>` writes `{ lhr, calibration }` to the file.
// The benchmark starts one per run, so no run shares a browser cache with another, and no run
// shares its CPUs with the collection of an earlier run's trace (tens of MB that the benchmark
// process would otherwise free while the next page loads).
//
// Its timings are calibrated (docs/performance.md, and bench/calibration.mjs): the
// page's main-thread tasks count the CPU time they used, and the CPU slowdown is scaled by the
// browser's speed, so that a run on a slower or busier machine simulates the same phone.
import { writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import { navigationGather } from "lighthouse/core/gather/navigation-runner.js";
import { Runner } from "lighthouse/core/runner.js";
import { calibratedSlowdown, mainThreadOnCpuTime } from "./calibration.mjs";

/** @typedef {import("lighthouse/types/config.js").default.AuditDefn} AuditDefn */

const [url, resultFile] = process.argv.slice(2);
if (!url || !resultFile) {
  console.error("usage: node bench/lighthouse-run.mjs <url> <result.json>");
  process.exit(2);
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
  ],
});
try {
  // Gathering only loads the page and records its trace (simulated throttling slows nothing down
  // for real); the audits then simulate the phone from that trace.
  const { artifacts, runnerOptions } = await navigationGather(undefined, url, {
    flags: {
      port: chrome.port,
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    },
  });
  // For comparison only (printed, never judged): the timings as Lighthouse alone would give
  // them, from wall-clock task durations and the fixed 4× slowdown.
  const { resolvedConfig } = runnerOptions;
  const uncalibratedIds = ["total-blocking-time", "largest-contentful-paint"];
  const uncalibrated = await Runner.audit(artifacts, {
    resolvedConfig: {
      ...resolvedConfig,
      audits: resolvedConfig.audits.filter((/** @type {AuditDefn} */ audit) =>
        uncalibratedIds.includes(audit.implementation.meta.id),
      ),
      categories: null,
    },
    computedCache: new Map(),
  });
  // Lighthouse ran its benchmark in this browser just before the load.
  const index = artifacts.BenchmarkIndex;
  const multiplier = calibratedSlowdown(index);
  const mainThread = mainThreadOnCpuTime(artifacts.Trace);
  // `artifacts.settings` is this same object: gathering and auditing agree on the settings.
  const { settings } = resolvedConfig;
  settings.throttling = { ...settings.throttling, cpuSlowdownMultiplier: multiplier };
  // A fresh cache of computed artifacts: nothing computed from the trace as it was is reused.
  const result = await Runner.audit(artifacts, { ...runnerOptions, computedCache: new Map() });
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  const calibration = {
    index,
    multiplier,
    // The share of the CPU the page's main thread got during its tasks.
    mainThreadCpuShare: mainThread.cpuMs / Math.max(mainThread.wallMs, 1),
    uncalibrated: {
      tbt: uncalibrated?.lhr.audits["total-blocking-time"].numericValue,
      lcp: uncalibrated?.lhr.audits["largest-contentful-paint"].numericValue,
    },
  };
  writeFileSync(resultFile, JSON.stringify({ lhr: result.lhr, calibration }));
} finally {
  await chrome.kill();
}
