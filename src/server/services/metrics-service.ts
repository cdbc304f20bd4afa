import fp from "fastify-plugin";
import type { ServerConfig } from "../config";
import { Metrics, serveMetrics } from "../metrics/metrics";

// What Prometheus reads (src/server/metrics/) as a service, when METRICS_PORT turns it on:
// `app.metrics` for the routes and services that count (quote answers, deliveries, deploys),
// every answer of the app counted and timed here, and the listener on its own address, closed
// with the app. `app.metrics` is null when metrics are off.

declare module "fastify" {
  interface FastifyInstance {
    /** The server's metrics; null when METRICS_PORT is not set. */
    metrics: Metrics | null;
    /** The metrics listener, a Fastify instance of its own (its address: `.server.address()`). */
    metricsListener: FastifyInstance | null;
  }
}

export interface MetricsServiceOptions {
  settings: ServerConfig["metrics"];
  /** BACKUP_DIR with the embedded store: the newest backup's age and size are read there. */
  backupDir: string | undefined;
}

export default fp<MetricsServiceOptions>(
  async (app, { settings, backupDir }) => {
    const metrics = settings ? new Metrics({ database: app.store.database, backupDir }) : null;
    app.decorate("metrics", metrics);
    app.decorate("metricsListener", null);
    if (!metrics || !settings) return;
    // Every answer, by the route's pattern (never the path a client sent: "/*" for the site's
    // files), its method and status; root hooks, so the routes declared before count too.
    app.addHook("onResponse", async (request, reply) => {
      const route = request.routeOptions.url ?? "unmatched";
      metrics.requests.inc({ route, method: request.method, status: String(reply.statusCode) });
      metrics.latency.observe({ route }, reply.elapsedTime / 1000);
    });
    const listener = await serveMetrics(metrics, settings, app.readiness);
    app.metricsListener = listener;
    app.addHook("onClose", async () => listener.close());
  },
  { name: "metrics", fastify: "5.x", dependencies: ["store", "readiness"] },
);
