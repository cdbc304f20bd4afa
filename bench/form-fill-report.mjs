// @ts-check
// The quote form's figures on a phone (bench/form-fill.mjs measures them) as Markdown, beside the
// baseline recorded before the islands: for `npm run bench`'s report and the script's own.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { referenceIndex, referenceSlowdown } from "./calibration.mjs";

/**
 * @typedef {import("./form-fill.mjs").FormFill} FormFill
 * @typedef {import("./form-fill.mjs").FormScript} FormScript
 * @typedef {import("./form-fill.mjs").Baseline} Baseline
 */

export const baselineFile = fileURLToPath(new URL("form-fill-baseline.json", import.meta.url));

/** The "before" figures recorded by `--record-baseline`, if any. */
export function readBaseline() {
  try {
    return /** @type {Baseline} */ (JSON.parse(readFileSync(baselineFile, "utf8")));
  } catch {
    return null;
  }
}

const kB = 1000;
/** @param {number} bytes */
const shownBytes = (bytes) => `${(bytes / kB).toFixed(1)} kB`;
/** @param {number} ms */
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

/**
 * The form's figures as Markdown, beside the baseline's: whether the visitor is slower than
 * before is judged on the medians.
 * @param {FormFill} fill
 * @param {Baseline | null} baseline
 */
export function formFillLines(fill, baseline) {
  /** @param {FormScript[]} scripts */
  const weight = (scripts) => shownBytes(scripts.reduce((sum, script) => sum + script.bytes, 0));
  /** @param {{ medianMs: number, minMs: number, maxMs: number }} timing */
  const spread = ({ medianMs, minMs, maxMs }) =>
    `${seconds(medianMs)} (${seconds(minMs)}–${seconds(maxMs)})`;
  const slower = baseline ? fill.medianMs - baseline.medianMs : NaN;
  const verdict = !baseline
    ? "no baseline"
    : slower <= 0
      ? `not slower (${seconds(-slower)} faster)`
      : `SLOWER by ${seconds(slower)}`;
  const cpu = fill.runs.map((run) => run.cpuRate.toFixed(2)).join(" / ");
  const scripts = fill.scripts.map(
    (script) =>
      `${script.file} ${shownBytes(script.bytes)}${script.withPage ? " (with the page)" : ""}`,
  );
  const samePace = baseline?.keyDelayMs === fill.keyDelayMs;
  return [
    `## Quote form on a phone`,
    "",
    `A visitor fills the form on \`/\` (${fill.runs.length} runs; CPU ×${cpu}, ` +
      `${referenceSlowdown}× at index ${referenceIndex}; Lighthouse's mobile network; ` +
      `keys ${fill.keyDelayMs} ms apart).`,
    "",
    "| measure | now | before | |",
    "| --- | --- | --- | --- |",
    `| first tap → confirmation, median (min–max) | ${spread(fill)} | ` +
      `${baseline ? spread(baseline) : "—"} | ${verdict} |`,
    `| submit tap → confirmation, median | ${seconds(fill.submitMedianMs)} | ` +
      `${baseline ? seconds(baseline.submitMedianMs) : "—"} | |`,
    `| the form's own JavaScript, Brotli | ${weight(fill.scripts)} | ` +
      `${baseline ? weight(baseline.scripts) : "—"} | |`,
    "",
    `Form scripts: ${scripts.join(", ") || "none"}.`,
    baseline
      ? `Before: commit ${baseline.commit}, ${baseline.date}, benchmark index ` +
        `${baseline.benchmarkIndex}` +
        (samePace ? "." : `, keys ${baseline.keyDelayMs} ms apart (not comparable: record again).`)
      : `No baseline in ${path.relative(process.cwd(), baselineFile)}.`,
  ];
}
