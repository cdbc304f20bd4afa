import { sameSecret } from "../same-secret";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { Readiness } from "../http/readiness";
import type { Database } from "../leads/database";
import { newestBackup } from "../leads/last-backup";
import { pendingDeliveryQueue } from "../leads/sql-health";

// What Prometheus scrapes (GET /metrics, in its text format, with prom-client): requests by route
// and status with their latency, quote requests by outcome, deliveries by channel and outcome and
// the queue, deploys by outcome and duration, the last backup's age and size, the process's memory
// and event-loop delay. No label holds personal data: routes are Fastify's patterns ("/*", never a
// path a client chose), channels and outcomes are fixed words. Served on a listener of its own
// (METRICS_PORT, on loopback by default), and behind a bearer token when METRICS_TOKEN is set.

export interface MetricsSources {
  database: Database;
  /** BACKUP_DIR: its newest file is the last backup. */
  backupDir?: string;
}

export class Metrics {
  readonly registry = new Registry();

  readonly requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by route pattern, method and status",
    labelNames: ["route", "method", "status"] as const,
    registers: [this.registry],
  });

  readonly latency = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to its answer, by route pattern",
    labelNames: ["route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });

  readonly quotes = new Counter({
    name: "quote_requests_total",
    help: "Quote requests answered by the endpoint, by outcome (stored, quarantined, replayed, refused) and status",
    labelNames: ["outcome", "status"] as const,
    registers: [this.registry],
  });

  readonly deliveries = new Counter({
    name: "lead_deliveries_total",
    help: "Delivery attempts, by channel and outcome (sent, failed)",
    labelNames: ["channel", "outcome"] as const,
    registers: [this.registry],
  });

  readonly deploys = new Counter({
    name: "deploys_total",
    help: "Deploys that ended, by outcome (live, failed, ignored)",
    labelNames: ["outcome"] as const,
    registers: [this.registry],
  });

  readonly deployDuration = new Histogram({
    name: "deploy_duration_seconds",
    help: "Time a deploy took, from its request (a wait for another process's included) to its end",
    labelNames: ["outcome"] as const,
    buckets: [5, 10, 15, 30, 60, 120, 300, 600, 1200],
    registers: [this.registry],
  });

  constructor(sources: MetricsSources) {
    collectDefaultMetrics({ register: this.registry });
    const { database, backupDir } = sources;
    // Read at each scrape: the queue as the store holds it, whichever process filled it.
    new Gauge({
      name: "lead_deliveries_pending",
      help: "Deliveries waiting to be sent (quarantined leads aside)",
      registers: [this.registry],
      async collect() {
        this.set((await pendingDeliveryQueue(database, new Date())).count);
      },
    });
    new Gauge({
      name: "lead_deliveries_oldest_pending_seconds",
      help: "How long the oldest waiting delivery has been due (0 when none waits)",
      registers: [this.registry],
      async collect() {
        const queue = await pendingDeliveryQueue(database, new Date());
        this.set(queue.oldest ? Math.max(0, (Date.now() - queue.oldest.getTime()) / 1000) : 0);
      },
    });
    if (backupDir) {
      const last = () => newestBackup(backupDir);
      new Gauge({
        name: "backup_last_age_seconds",
        help: "Age of the newest backup in BACKUP_DIR (-1 when there is none)",
        registers: [this.registry],
        collect() {
          const file = last();
          this.set(file ? (Date.now() - file.mtimeMs) / 1000 : -1);
        },
      });
      new Gauge({
        name: "backup_last_size_bytes",
        help: "Size of the newest backup in BACKUP_DIR (0 when there is none)",
        registers: [this.registry],
        collect() {
          this.set(last()?.size ?? 0);
        },
      });
    }
  }
}

/**
 * The metrics listener, a Fastify instance of its own on its own address (METRICS_PORT): GET
 * /metrics, in Prometheus' text format, and GET /readyz, the verdict with each check's (the
 * public /readyz gives the verdict alone), both with `Authorization: Bearer <token>` when a token
 * is set (401 otherwise). Apart from the site's app, so that nothing of the site (its headers, its
 * pages, its shedding under load) applies to it and no route of the site is reachable on it.
 */
export async function serveMetrics(
  metrics: Metrics,
  { port, host, token }: { port: number; host: string; token: string | null },
  readiness?: Readiness,
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  const text = "text/plain; charset=utf-8";
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });
  const bearerOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    if (token === null) return;
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (bearer === undefined || !sameSecret(bearer, token)) {
      return reply
        .code(401)
        .header("www-authenticate", "Bearer")
        .type(text)
        .send("a bearer token is required\n");
    }
  };
  app.get("/metrics", { onRequest: bearerOnly }, async (_request, reply) =>
    reply.type(metrics.registry.contentType).send(await metrics.registry.metrics()),
  );
  if (readiness) {
    app.get("/readyz", { onRequest: bearerOnly }, async (_request, reply) => {
      const report = readiness.latest;
      const body = report
        ? { status: report.ready ? "ready" : "unavailable", ...report }
        : { status: "unavailable", checks: {}, checkedAt: null, why: "no recent check" };
      return reply.code(report?.ready ? 200 : 503).send(body);
    });
  }
  // Another method on one of those paths is a 405 naming GET; any other path, a 404.
  const paths = readiness ? ["/metrics", "/readyz"] : ["/metrics"];
  app.setNotFoundHandler(async (request, reply) =>
    paths.includes(request.url.split("?")[0]!)
      ? reply.code(405).header("allow", "GET, HEAD").type(text).send("GET only\n")
      : reply.code(404).type(text).send("not found\n"),
  );
  app.setErrorHandler(async (_error, _request, reply) =>
    reply.code(500).type(text).send("metrics could not be collected\n"),
  );
  await app.listen({ port, host });
  return app;
}
