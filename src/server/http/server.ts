import path from "node:path";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { ServerConfig } from "../config";
import { createCmsAuth } from "../cms-auth/cms-auth";
import { deliveryOptions } from "../delivery/options";
import { failureNotifier } from "../deploy/failure-email";
import { serverCodeHash } from "../deploy/releases";
import type { LeadLogger } from "../log/logger";
import { Metrics, serveMetrics } from "../metrics/metrics";
import { createQuoteEndpoint } from "../quote-endpoint";
import deliveryService from "../services/delivery-service";
import deployerService from "../services/deployer-service";
import quarantineDigest from "../services/digest-service";
import purge from "../services/purge-service";
import storeService from "../services/store-service";
import { spamSettings } from "../spam/screen";
import { appRoutes, createApp } from "./app";
import drain from "./plugins/drain";
import metricsPlugin from "./plugins/answer-metrics";
import { Readiness } from "./readiness";
import { fixedSite, releasedSite } from "./site-files";

// The production server, assembled once from its configuration: what `npm run serve` starts
// (serve.ts) and what a test starts to try the server as it runs. The drain first, so that a stop
// lets every request in flight end; the store (src/server/services/), the metrics, the delivery
// runner, the daily purge, the quarantine digest and the deployer, each a Fastify plugin closing
// itself; then the routes. Fastify closes them in the reverse order: the store last.

export interface ServerOptions {
  /** The process's logger (serve.ts); a test's own to read it. */
  log: LeadLogger & FastifyBaseLogger;
  /** The built site when deploys are off, and before the first one: public/ by default. */
  publicDir?: string;
  /** The folder of the code this server runs (dist/server/): a release that changes it is told. */
  serverCodeDir?: string;
  /** How long a kept-alive connection may stay idle, once stopping, before it is closed. */
  idleGraceMs?: number;
}

export async function buildServer(
  config: ServerConfig,
  { log, publicDir = path.resolve("public"), serverCodeDir, idleGraceMs = 2_000 }: ServerOptions,
): Promise<FastifyInstance> {
  const spam = spamSettings(config, log);
  // Backups are the embedded store's (npm run leads -- backup): with PostgreSQL, its own.
  const backupDir = config.store.databaseUrl ? undefined : config.backups.dir;
  const deployDir = config.deploy?.dir;
  const site = deployDir ? releasedSite(deployDir, publicDir) : fixedSite(publicDir);
  const teamUrl = config.teamUrl ?? undefined;
  const app = await createApp({
    site,
    trustProxy: config.http.trustProxy,
    log,
    teamUrl,
    previews: config.deploy?.previews
      ? { dir: config.deploy.dir, pattern: config.deploy.previews }
      : undefined,
    pressure: { maxEventLoopDelay: config.shedEventLoopDelayMs },
  });
  await app.register(drain, { idleGraceMs });
  await app.register(storeService, { settings: config.store });
  const { store } = app;
  const metrics = config.metrics ? new Metrics({ database: store.database, backupDir }) : undefined;
  // Its hooks count every answer, those of the routes declared before it included.
  if (metrics) await app.register(metricsPlugin, { metrics });
  // One set of options for the server's runner and the inbox's retries (../delivery/options.ts).
  const delivery = deliveryOptions(config, log, metrics);
  await app.register(deliveryService, delivery);
  await app.register(purge, { retentionDays: config.retentionDays });
  if (config.delivery.email) {
    // Sales hear of requests held in quarantine once a day, through the leads' SMTP relay.
    await app.register(quarantineDigest, {
      email: config.delivery.email,
      inbox:
        teamUrl && config.team.size > 0 ? { url: teamUrl, members: [...config.team.keys()] } : null,
    });
  }
  if (config.deploy) {
    await app.register(deployerService, {
      settings: config.deploy,
      options: {
        log,
        notify: failureNotifier(config.delivery.email, {
          notifyTo: config.deploy.notifyTo,
          team: config.team,
          domains: config.deployNotifyDomains,
        }),
        serverCode: serverCodeDir ? serverCodeHash(serverCodeDir) : null,
        onEnd: (outcome, seconds) => {
          metrics?.deploys.inc({ outcome });
          metrics?.deployDuration.observe({ outcome }, seconds);
        },
      },
    });
  }
  // The server checks itself every few seconds; /readyz and the metrics listener read the verdict.
  const readiness = new Readiness({ site, database: store.database, backupDir }, (report) =>
    report.ready
      ? log.info({ checks: report.checks }, "ready")
      : log.warn({ checks: report.checks }, "not ready"),
  );
  await app.register(appRoutes, {
    endpoint: createQuoteEndpoint({ store, delivery: app.delivery, spam }),
    spam,
    cmsAuth: createCmsAuth({ settings: config.cmsAuth }),
    deployer: app.deployer,
    health: { readiness },
    metrics,
    inbox: teamUrl
      ? {
          store,
          team: config.team,
          email: config.delivery.email,
          delivery,
          queue: app.delivery,
          teamUrl,
        }
      : undefined,
  });
  if (!teamUrl) {
    log.warn(
      "Boîte des demandes fermée : TEAM_URL n'est pas donnée (son origine à elle, par exemple https://equipe.exemple.fr). npm run leads reste disponible.",
    );
  }
  // Sessions of addresses removed from TEAM_EMAILS end now, for good: the address coming back
  // later does not bring them back.
  const ended = await store.team.endSessionsExcept([...config.team.keys()], new Date());
  if (ended > 0) log.info(`team: ${ended} session(s) of addresses no longer in TEAM_EMAILS ended`);
  if (metrics && config.metrics) {
    const listener = await serveMetrics(metrics, config.metrics, readiness);
    app.addHook("onClose", async () => listener.close());
  }
  return app;
}
