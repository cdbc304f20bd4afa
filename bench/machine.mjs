// @ts-check
// The machine's state around the Lighthouse runs, from /proc/stat (Linux): waiting for the CPUs
// to be quiet before a run, and the share of CPU time the host took for others during one; and
// which commit a run measured.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";

/** The machine's idle, stolen and total CPU time so far, from /proc/stat (Linux). */
function cpuTimes() {
  // user nice system idle iowait irq softirq steal (guest time is already counted in user).
  const [line = ""] = readFileSync("/proc/stat", "utf8").split("\n");
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const [idle, iowait] = ticks.slice(3, 5);
  if (idle === undefined || iowait === undefined) {
    throw new Error(`/proc/stat: no idle and iowait times on its first line: ${line}`);
  }
  return {
    idle: idle + iowait,
    steal: ticks[7] ?? 0,
    total: ticks.reduce((sum, tick) => sum + tick, 0),
  };
}

/**
 * The share of the CPU time between two readings that went to `key` (idle, steal).
 * @param {"idle" | "steal"} key
 * @param {ReturnType<typeof cpuTimes>} before
 * @param {ReturnType<typeof cpuTimes>} after
 */
function shareOf(key, before, after) {
  return (after[key] - before[key]) / Math.max(1, after.total - before.total);
}

export const quietIdleShare = 0.9;

/**
 * Waits (up to 5 s) until the CPUs are at least 90 % idle over one second, and returns the idle
 * share last seen: the build's lingering workers are gone after a few seconds. A machine busy
 * with something else is not waited for: the calibration takes its load out of the timings.
 */
export async function quietCpu() {
  if (!existsSync("/proc/stat")) return null;
  let idleShare = 0;
  for (let waited = 0; waited < 5; waited += 1) {
    const before = cpuTimes();
    await sleep(1000);
    idleShare = shareOf("idle", before, cpuTimes());
    if (idleShare >= quietIdleShare) break;
  }
  return idleShare;
}

/**
 * The share of the machine's CPU time that its host took for others (steal) during `action`:
 * a run with a large share measured the neighbours as much as the site.
 * @template T
 * @param {() => Promise<T>} action
 */
export async function withStealShare(action) {
  if (!existsSync("/proc/stat")) return { result: await action(), stealShare: null };
  const before = cpuTimes();
  const result = await action();
  return { result, stealShare: shareOf("steal", before, cpuTimes()) };
}

/** The commit measured, "+" when the working copy has changes beside it; "unknown" outside git. */
export function commitMeasured() {
  try {
    const git = (/** @type {string[]} */ ...args) =>
      execFileSync("git", args, { encoding: "utf8" }).trim();
    const dirty = git("status", "--porcelain", "--untracked-files=no");
    return `${git("rev-parse", "--short", "HEAD")}${dirty ? "+" : ""}`;
  } catch {
    return "unknown";
  }
}

/**
 * The machine as a run saw it: its CPUs, its load, and the browser's speed over every Lighthouse
 * run (each run's benchmark index) with the CPU multipliers it called for, so that the timings
 * are those of the reference device at any speed.
 * @param {{ index: number, multiplier: number }[]} calibrations
 */
export function machineFigures(calibrations) {
  const indexes = calibrations.map((entry) => entry.index);
  const multipliers = calibrations.map((entry) => entry.multiplier);
  const middle = [...indexes].sort((a, b) => a - b)[Math.floor(indexes.length / 2)];
  if (middle === undefined) throw new Error("No run to take the middle value of");
  return {
    cpus: cpus().length,
    // os.loadavg() always gives the 1, 5 and 15 minute averages.
    loadAverage: Number(/** @type {number} */ (loadavg()[0]).toFixed(2)),
    benchmarkIndex: Math.round(middle),
    benchmarkIndexRange: [Math.round(Math.min(...indexes)), Math.round(Math.max(...indexes))],
    multiplierRange: [Math.min(...multipliers), Math.max(...multipliers)],
  };
}
