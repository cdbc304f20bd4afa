// What the inbox's benchmark (./inbox.ts, ./inbox-pages.ts) measures and how: each query or page
// asked `runs` times after a warm-up, its latencies as percentiles.

export const runs = 50;
export const warmUpRuns = 5;

export const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;

export interface Timing {
  engine: string;
  query: string;
  what: string;
  rows: number;
  total: number;
  p50: number;
  p95: number;
  max: number;
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
