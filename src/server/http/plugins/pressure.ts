import underPressure from "@fastify/under-pressure";
import fp from "fastify-plugin";
import { getHeapStatistics } from "node:v8";

// Shedding before giving way (@fastify/under-pressure): when the event loop lags by a second or
// the heap nears V8's limit, every request is answered at once with 503 and Retry-After rather
// than queued until the process falls over. The quote form shows the French message of the JSON
// answer and keeps what the visitor typed (src/lib/api-client.ts); a page gets a short French
// text (both in plugins/errors.ts). GET /healthz is let through (routes/health-routes.ts): the
// process is alive, only busy.

export interface PressureOptions {
  /** Mean event-loop delay, in milliseconds, past which requests are shed (1000). */
  maxEventLoopDelay?: number;
  /** Heap used past which requests are shed (90 % of V8's heap limit). */
  maxHeapUsedBytes?: number;
  /** How often the process is measured, in milliseconds (1000). */
  sampleInterval?: number;
}

export const retryAfterSeconds = 10;

export default fp<PressureOptions>(async (app, options) => {
  // Past a threshold, every route but /healthz answers 503 with Retry-After through the error
  // handlers, which say it in French (plugins/errors.ts).
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelay ?? 1000,
    maxHeapUsedBytes:
      options.maxHeapUsedBytes ?? Math.round(getHeapStatistics().heap_size_limit * 0.9),
    sampleInterval: options.sampleInterval,
    retryAfter: retryAfterSeconds,
  });
});
