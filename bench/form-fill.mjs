// @ts-check
// Benchmark: a visitor on a phone fills the quote form, from the first tap in it to the French
// confirmation, on the production build served by the production server (embedded store, the
// anti-bot proof of work on, as by default). Also prints the form's own JavaScript: the scripts
// the page asked for once the form came on screen, and any script named after the form that
// came with the page, each with its Brotli bytes as the server sent them.
//
//   node bench/form-fill.mjs                      after `npm run build`; run by `npm run bench` too
//   node bench/form-fill.mjs --record-baseline    writes bench/form-fill-baseline.json
//
// Each run is a fresh browser context: a 412 × 823 touch screen, the network of Lighthouse's
// mobile profile (slow 4G as DevTools applies it) and the CPU slowed like the Lighthouse runs
// (4× on the reference machine, scaled by this machine's speed: bench/calibration.mjs). The page
// loads; the form is scrolled into view and its first field tapped at once, so the form's code
// loads within the measured time; each field is tapped and typed key by key, the consent box
// ticked, the button tapped. BENCH_FORM_RUNS (default 5), BENCH_FORM_PORT (default 9310).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { throttling, userAgents } from "lighthouse/core/config/constants.js";
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import { chromium } from "playwright-core";
import { startProductionServer } from "../e2e/production-server.mjs";
import { calibratedSlowdown } from "./calibration.mjs";
import { baselineFile, formFillLines, readBaseline } from "./form-fill-report.mjs";
import { commitMeasured, quietCpu } from "./machine.mjs";

/**
 * @typedef {{ file: string, bytes: number, withPage: boolean }} FormScript
 * @typedef {{ totalMs: number, submitMs: number, benchmarkIndex: number, cpuRate: number }} FillRun
 * @typedef {{ runs: FillRun[], medianMs: number, minMs: number, maxMs: number,
 *   submitMedianMs: number, keyDelayMs: number, scripts: FormScript[] }} FormFill
 * @typedef {{ commit: string, date: string, medianMs: number, minMs: number, maxMs: number,
 *   submitMedianMs: number, runs: number, keyDelayMs: number, benchmarkIndex: number,
 *   scripts: FormScript[] }} Baseline
 */

// The values of e2e/quote-form.test.mjs, which the endpoint accepts.
const visitor = {
  Prénom: "Hélène",
  Nom: "N’Diaye-Lefèvre",
  "Email professionnel": "h.ndiaye@oph-exemple.fr",
  Téléphone: "+262 692 12 34 56",
  Organisme: "Office public de l'habitat de La Réunion",
  "Décrivez vos besoins": "Environ 300 dossiers d'impayés de plus de trois mois sur notre parc.",
};
/** A phone's pace: about 7 characters a second, 190 characters in all. */
const keyDelayMs = 150;
const confirmation = "envoyée avec succès";
/** The form's own scripts once named (quote-form-<hash>.js, altcha.worker-<hash>.js). */
const namedForTheForm = /(?:^|\/)(?:quote-form|altcha[-.]worker)[-.][^/]*\.m?js$/;

// Lighthouse's mobile network as DevTools throttling applies it (latency per request and
// throughput, already adjusted by Lighthouse from its simulated 150 ms and 1.6 Mbit/s).
const network = throttling.mobileSlow4G;
const kbitPerSecondInBytes = 1024 / 8;

/** @param {number[]} values */
const middleOf = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (/** @type {number} */ index) => /** @type {number} */ (sorted[index]);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) throw new Error("No run to take the median of");
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
};

/**
 * Runs in the page before its own scripts: the time of the first pointerdown (the first tap),
 * of the last one (the submit button), and of the confirmation's arrival in the document.
 */
function watchTheVisitor(/** @type {string} */ text) {
  const marks = { firstTap: NaN, lastTap: NaN, confirmed: NaN };
  Object.assign(window, { formFillMarks: marks });
  const tapped = (/** @type {Event} */ event) => {
    if (Number.isNaN(marks.firstTap)) marks.firstTap = event.timeStamp;
    marks.lastTap = event.timeStamp;
  };
  window.addEventListener("pointerdown", tapped, { capture: true });
  new MutationObserver((records) => {
    if (!Number.isNaN(marks.confirmed)) return;
    const arrived = records.some((record) =>
      record.type === "characterData"
        ? record.target.textContent?.includes(text)
        : [...record.addedNodes].some((node) => node.textContent?.includes(text)),
    );
    if (arrived) marks.confirmed = performance.now();
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * One visitor, in a fresh context.
 * @param {import("playwright-core").Browser} browser
 * @param {string} url
 */
async function fillOnce(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    locale: "fr-FR",
    userAgent: userAgents.mobile,
  });
  try {
    const page = await context.newPage();
    // This machine's speed, as Lighthouse measures it before each load, sets the CPU slowdown.
    const benchmarkIndex = await page.evaluate(pageFunctions.computeBenchmarkIndex);
    const cpuRate = Math.max(1, calibratedSlowdown(benchmarkIndex));
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: network.requestLatencyMs,
      downloadThroughput: network.downloadThroughputKbps * kbitPerSecondInBytes,
      uploadThroughput: network.uploadThroughputKbps * kbitPerSecondInBytes,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuRate });
    await page.addInitScript(watchTheVisitor, confirmation);

    /** @type {Promise<FormScript | null>[]} */
    const scripts = [];
    let pageLoaded = false;
    page.on("requestfinished", (request) => {
      const withPage = !pageLoaded;
      scripts.push(scriptSize(request, withPage));
    });
    await page.goto(url, { waitUntil: "networkidle", timeout: 120_000 });
    pageLoaded = true;

    const form = page.getByRole("form", { name: "Demande de devis" });
    await form.getByLabel("Prénom", { exact: true }).scrollIntoViewIfNeeded();
    for (const [label, value] of Object.entries(visitor)) {
      const field = form.getByLabel(label, { exact: true });
      await field.tap();
      await field.pressSequentially(value, { delay: keyDelayMs });
    }
    await form.getByRole("checkbox").tap();
    await form.getByRole("button", { name: "Envoyer ma demande" }).tap();
    await page.getByText(confirmation).waitFor({ timeout: 60_000 });
    // A confirmation already in the page and only shown (no node added) is timed on arrival here.
    const marks = await page.evaluate(() => {
      const marks = /** @type {{ firstTap: number, lastTap: number, confirmed: number }} */ (
        Reflect.get(window, "formFillMarks")
      );
      return Number.isNaN(marks.confirmed) ? { ...marks, confirmed: performance.now() } : marks;
    });
    const found = (await Promise.all(scripts)).filter((script) => script !== null);
    return {
      run: {
        totalMs: marks.confirmed - marks.firstTap,
        submitMs: marks.confirmed - marks.lastTap,
        benchmarkIndex,
        cpuRate,
      },
      scripts: found.filter((script) => !script.withPage || namedForTheForm.test(script.file)),
    };
  } finally {
    await context.close();
  }
}

/**
 * A script's path and its bytes as sent (Brotli where the server compressed it): the body size
 * Chromium reports, or the response's Content-Length for a worker's script, whose body size
 * it reports as 0.
 * @param {import("playwright-core").Request} request
 * @param {boolean} withPage
 * @returns {Promise<FormScript | null>}
 */
async function scriptSize(request, withPage) {
  const { pathname } = new URL(request.url());
  if (request.resourceType() !== "script" && !/\.m?js$/.test(pathname)) return null;
  const [{ responseBodySize }, response] = await Promise.all([request.sizes(), request.response()]);
  const length = Number((await response?.allHeaders())?.["content-length"] ?? 0);
  return { file: pathname, bytes: responseBodySize || length, withPage };
}

/**
 * Fills the form `runs` times on the build in public/ and returns every run's timings and the
 * form's scripts (those of the first run: every run loads the same).
 * @param {{ runs?: number, port?: number }} [options]
 * @returns {Promise<FormFill>}
 */
export async function measureFormFill({
  runs = Number(process.env.BENCH_FORM_RUNS ?? 5),
  port = Number(process.env.BENCH_FORM_PORT ?? 9310),
} = {}) {
  if (!Number.isInteger(runs) || runs < 1 || runs > 15) {
    throw new Error(`BENCH_FORM_RUNS must be a whole number from 1 to 15, not ${runs}`);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-form-"));
  // No rate limit: one address sends every run's request within minutes.
  const server = await startProductionServer({
    port,
    env: { QUOTE_DATABASE_DIR: path.join(dataDir, "leads"), QUOTE_RATE_LIMIT: "off" },
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-background-networking", "--disable-gpu"],
  });
  try {
    /** @type {FillRun[]} */
    const done = [];
    /** @type {FormScript[]} */
    let scripts = [];
    for (let run = 1; run <= runs; run += 1) {
      const idleShare = await quietCpu();
      const idle = idleShare === null ? "" : ` (CPU ${Math.round(idleShare * 100)} % idle)`;
      process.stdout.write(`Form fill run ${run}/${runs}${idle}… `);
      const result = await fillOnce(browser, `${server.url}/`);
      if (run === 1) scripts = result.scripts;
      done.push(result.run);
      const { totalMs, submitMs, benchmarkIndex, cpuRate } = result.run;
      console.log(
        `first tap → confirmation ${(totalMs / 1000).toFixed(2)} s (submit → confirmation ` +
          `${Math.round(submitMs)} ms); benchmark index ${Math.round(benchmarkIndex)}, CPU ×${cpuRate.toFixed(2)}`,
      );
    }
    const totals = done.map((run) => run.totalMs);
    return {
      runs: done,
      medianMs: middleOf(totals),
      minMs: Math.min(...totals),
      maxMs: Math.max(...totals),
      submitMedianMs: middleOf(done.map((run) => run.submitMs)),
      keyDelayMs,
      scripts,
    };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const fill = await measureFormFill();
  if (process.argv.includes("--record-baseline")) {
    const benchmarkIndex = middleOf(fill.runs.map((run) => run.benchmarkIndex));
    /** @type {Baseline} */
    const baseline = {
      commit: commitMeasured(),
      date: new Date().toISOString(),
      medianMs: Math.round(fill.medianMs),
      minMs: Math.round(fill.minMs),
      maxMs: Math.round(fill.maxMs),
      submitMedianMs: Math.round(fill.submitMedianMs),
      runs: fill.runs.length,
      keyDelayMs: fill.keyDelayMs,
      benchmarkIndex: Math.round(benchmarkIndex),
      scripts: fill.scripts,
    };
    writeFileSync(baselineFile, `${JSON.stringify(baseline, null, 2)}\n`);
    console.log(`Baseline written to ${baselineFile}`);
  }
  console.log(`\n${formFillLines(fill, readBaseline()).join("\n")}`);
}
