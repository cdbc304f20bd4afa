import path from "node:path";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { ServerConfig } from "../config";
import { createCmsAuth } from "../cms-auth/cms-auth";
import { deliveryOptions } from "../delivery/options";
import { failureNotifier } from "../deploy/failure-email";
import { serverCodeHash } from "../deploy/releases";
import type { SqlLeadStore } from "../leads/sql-store";
import type { LeadLogger } from "../log/logger";
import deliveryService from "../services/delivery-service";
import deployerService from "../services/deployer-service";
import quarantineDigest from "../services/digest-service";
import metricsService from "../services/metrics-service";
import purge from "../services/purge-service";
import readinessService from "../services/readiness-service";
import storeService from "../services/store-service";
import { spamSettings } from "../spam/screen";
import { appRoutes, createApp } from "./app";
import drain from "./plugins/drain";
import type { PressureOptions } from "./plugins/pressure";
import { fixedSite, releasedSite } from "./site-files";

// The server, assembled once from its configuration: what `npm run serve` starts (serve.ts) and
// what every test of the server starts, choosing its store, clock, logger and site folder through
// the options below and the rest through the configuration (SMTP_URL, TEAM_URL, DEPLOY_*…). The
// drain first, so that a stop lets every request in flight end; then the services
// (src/server/services/), each a Fastify plugin that decorates the app and closes itself: the
// store, the readiness checks, the metrics, the delivery runner, the daily purge, the quarantine
// digest and the deployer; then the routes, which reach them through those decorators. Fastify
// closes them in the reverse order: the store last.

export interface ServerOptions {
  /** The process's logger (serve.ts); a test's own to read it. */
  log: LeadLogger & FastifyBaseLogger;
  /** The built site when deploys are off, and before the first one: public/ by default. */
  publicDir?: string;
  /** The folder of the code this server runs (dist/server/): a release that changes it is told. */
  serverCodeDir?: string;
  /** How long a kept-alive connection may stay idle, once stopping, before it is closed. */
  idleGraceMs?: number;
  /**
   * A store already open, used as it is and left open (a test file opens one for all its tests);
   * by default the configured one is opened, and closed with the app.
   */
  store?: SqlLeadStore;
  /** The clock of the quote endpoint and the readiness checks (a test's own). */
  now?: () => Date;
  /** Limits of the shedding beside SHED_EVENT_LOOP_DELAY_MS's (a test's heap limit of a byte). */
  pressure?: PressureOptions;
}

export async function buildServer(
  config: ServerConfig,
  {
    log,
    publicDir = path.resolve("public"),
    serverCodeDir,
    idleGraceMs = 2_000,
    store,
    now,
    pressure,
  }: ServerOptions,
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
    pressure: { maxEventLoopDelay: config.shedEventLoopDelayMs, ...pressure },
  });
  await app.register(drain, { idleGraceMs });
  await app.register(storeService, { settings: config.store, open: store });
  await app.register(readinessService, { site, backupDir, log, now });
  await app.register(metricsService, { settings: config.metrics, backupDir });
  // The runner's options, made once (../delivery/options.ts): the inbox's retries take them from
  // the runner itself (app.delivery.options).
  await app.register(deliveryService, deliveryOptions(config, log, app.metrics ?? undefined));
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
    const { metrics } = app;
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
  await app.register(appRoutes, {
    site,
    spam,
    now,
    cmsAuth: createCmsAuth({ settings: config.cmsAuth }),
    inbox: teamUrl ? { team: config.team, email: config.delivery.email, teamUrl } : undefined,
  });
  if (!teamUrl) {
    log.warn(
      "Boîte des demandes fermée : TEAM_URL n'est pas donnée (son origine à elle, par exemple https://equipe.exemple.fr). npm run leads reste disponible.",
    );
  }
  // Sessions of addresses removed from TEAM_EMAILS end now, for good: the address coming back
  // later does not bring them back.
  const ended = await app.store.team.endSessionsExcept([...config.team.keys()], new Date());
  if (ended > 0) log.info(`team: ${ended} session(s) of addresses no longer in TEAM_EMAILS ended`);
  return app;
}
