// @ts-check
// The CPU calibration of the benchmark's timings (docs/performance.md, "Method").
//
// Lighthouse's simulated throttling takes the tasks the page's main thread really ran and
// multiplies their durations by `cpuSlowdownMultiplier` (4 by default) to simulate a phone. Those
// durations are wall-clock times, so they grow for two reasons that have nothing to do with the
// site: the CPU is slower, or the main thread waited for a CPU that other threads held. Both are
// taken out before Lighthouse simulates:
//
// - waiting: each main-thread task is shortened to the CPU time its thread really used (the
//   trace records both for every task), see `mainThreadOnCpuTime`;
// - speed: the multiplier is scaled by the machine's speed as Chromium itself runs JavaScript,
//   Lighthouse's benchmark index measured in the browser just before the load
//   (`artifacts.BenchmarkIndex`), so that every run simulates the same phone: the one the
//   default 4× simulates on a machine of index `referenceIndex`.
//
// The index is taken from Chromium, where the page runs, and not from Node: the same benchmark
// counted in Node's process CPU time moved between 479 and 1,795 on one kind of machine while the
// page's own tasks did not, since that count includes the garbage collector's and the compiler's
// helper threads, busy or not from one run to the next.

/** The default multiplier, and the machine speed at which it is kept as it is. */
export const referenceSlowdown = 4;
// Lighthouse's benchmark index on the machine the budgets were set on (3,203 and 3,453 there):
// 4× at 3,300 simulates a phone of index 825, a little slower than the phone Chrome DevTools
// calibrates its "mid-tier mobile" preset on (index 1,000, a Pixel 5). BENCH_REFERENCE_INDEX
// changes the phone.
export const referenceIndex = Number(process.env.BENCH_REFERENCE_INDEX ?? 3300);

/**
 * The multiplier for a run from the browser's benchmark index.
 * @param {number} index
 */
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
    const threadEvents = byThread.get(thread) ?? [];
    threadEvents.push(event);
    byThread.set(thread, threadEvents);
  }
  let wallUs = 0;
  let cpuUs = 0;
  for (const threadEvents of byThread.values()) {
    threadEvents.sort((a, b) => a.ts - b.ts);
    let next = 0;
    for (let at = 0; at < threadEvents.length; at = Math.max(at + 1, next)) {
      const task = /** @type {TraceEvent} */ (threadEvents[at]);
      const { dur, tdur } = task;
      if (task.name !== "RunTask" || task.ph !== "X" || !dur || dur <= 0) continue;
      const start = task.ts;
      const end = start + dur;
      // The task and everything that starts inside it (its children, marks, paint events), which
      // are then skipped as tasks of their own.
      next = at + 1;
      while ((threadEvents[next]?.ts ?? Infinity) <= end) next += 1;
      if (typeof tdur !== "number") continue;
      wallUs += dur;
      cpuUs += Math.min(tdur, dur);
      const ratio = Math.min(1, tdur / dur);
      if (ratio >= 1) continue;
      for (const event of threadEvents.slice(at, next)) {
        event.ts = start + (event.ts - start) * ratio;
        if (typeof event.dur === "number") event.dur *= ratio;
      }
    }
  }
  return { wallMs: wallUs / 1000, cpuMs: cpuUs / 1000 };
}
