// The CPU calibration of the benchmark's timings (docs/performance.md, "Method").
//
// Lighthouse's simulated throttling takes the tasks the page's main thread really ran and
// multiplies their durations by `cpuSlowdownMultiplier` (4 by default) to simulate a phone. Those
// durations are wall-clock times, so they grow for two reasons that have nothing to do with the
// site: the CPU is slower, or the main thread waited for a CPU that other processes held. Both
// are taken out before Lighthouse simulates:
//
// - waiting: each main-thread task is shortened to the CPU time its thread really used (the
//   trace records both for every task), see `mainThreadOnCpuTime`;
// - speed: the multiplier is scaled by the machine's speed, Lighthouse's own benchmark index
//   measured in CPU time rather than wall time (`cpuBenchmarkIndex`), so every run simulates
//   the device the default 4× simulates on a machine of index `referenceIndex`.
import { cpuUsage } from "node:process";
import { performance } from "node:perf_hooks";
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";

/** The default multiplier, and the machine speed at which it is kept as it is. */
export const referenceSlowdown = 4;
// This machine's CPU-time benchmark index (see `cpuBenchmarkIndex`; 1050–1200 in eight samples
// on the 2-CPU machine the budgets were set on, whatever else ran beside it): there, the default
// 4× is kept. BENCH_REFERENCE_INDEX re-bases the budgets on another machine.
export const referenceIndex = Number(process.env.BENCH_REFERENCE_INDEX ?? 1100);

/**
 * Lighthouse's benchmark index (its own page function, run here in Node's V8), counted per
 * second of CPU time used rather than per second of wall time: what the CPU can do, not what it
 * could do while other processes had their turns. (Node's V8 is not Chromium's: the figure is
 * only compared with the reference measured the same way.)
 */
export function cpuBenchmarkIndex() {
  const cpuBefore = cpuUsage();
  const wallBefore = performance.now();
  const index = pageFunctions.computeBenchmarkIndex();
  const wallMs = performance.now() - wallBefore;
  const { user, system } = cpuUsage(cpuBefore);
  const cpuMs = (user + system) / 1000;
  return {
    index: index * (wallMs / Math.max(cpuMs, 1)),
    wallIndex: index,
    cpuShare: cpuMs / wallMs,
  };
}

/** The multiplier for a run from the machine's CPU-time benchmark index. */
/** @param {number} index */
export function calibratedSlowdown(index) {
  return Number(((referenceSlowdown * index) / referenceIndex).toFixed(3));
}

/**
 * Shortens every task of the renderers' main threads (`RunTask`) to the CPU time its thread
 * used (`tdur`), and the events inside it in proportion, in place. Returns the wall and CPU
 * milliseconds of those tasks, to print the share of the CPU the page's main thread got.
 */
/**
 * @typedef {{ ph: string, name: string, pid: number, tid: number, ts: number, dur?: number,
 *   tdur?: number, args?: { name?: string } }} TraceEvent
 * @param {{ traceEvents: TraceEvent[] }} trace
 */
export function mainThreadOnCpuTime(trace) {
  const events = trace.traceEvents;
  const mainThreads = new Set(
    events
      .filter((event) => event.ph === "M" && event.name === "thread_name")
      .filter((event) => event.args?.name === "CrRendererMain")
      .map((event) => `${event.pid}:${event.tid}`),
  );
  /** @type {Map<string, TraceEvent[]>} */
  const byThread = new Map();
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`;
    if (!mainThreads.has(thread) || event.ph === "M") continue;
    if (!byThread.has(thread)) byThread.set(thread, []);
    byThread.get(thread).push(event);
  }
  let wallUs = 0;
  let cpuUs = 0;
  for (const threadEvents of byThread.values()) {
    threadEvents.sort((a, b) => a.ts - b.ts);
    let next = 0;
    for (let at = 0; at < threadEvents.length; at = Math.max(at + 1, next)) {
      const task = threadEvents[at];
      if (task.name !== "RunTask" || task.ph !== "X" || !(task.dur > 0)) continue;
      const start = task.ts;
      const end = start + task.dur;
      // The task and everything that starts inside it (its children, marks, paint events).
      next = at + 1;
      while (next < threadEvents.length && threadEvents[next].ts <= end) next += 1;
      if (typeof task.tdur !== "number") continue;
      wallUs += task.dur;
      cpuUs += Math.min(task.tdur, task.dur);
      const ratio = Math.min(1, task.tdur / task.dur);
      if (ratio >= 1) continue;
      for (let inside = at; inside < next; inside += 1) {
        const event = threadEvents[inside];
        event.ts = start + (event.ts - start) * ratio;
        if (typeof event.dur === "number") event.dur *= ratio;
      }
    }
  }
  return { wallMs: wallUs / 1000, cpuMs: cpuUs / 1000 };
}
