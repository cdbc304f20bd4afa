import closeWithGrace from "close-with-grace";
import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { ConfigError, readServerConfig } from "../config";
import { createCmsAuth } from "../cms-auth/cms-auth";
import { createLogger, setProcessLogger } from "../log/logger";
import { oneLine } from "../one-line";
import { createQuoteEndpoint } from "../quote-endpoint";
import { spamSettings } from "../spam/screen";
import { fixedSite, releasedSite } from "./site-files";
import { appRoutes, createApp } from "./app";
import drain from "./plugins/drain";
import metricsPlugin from "./plugins/metrics";
import deliveryService from "../services/delivery";
import deployerService from "../services/deployer";
import schedules from "../services/schedules";
import storeService from "../services/store";
import { failureNotifier } from "../deploy/failure-email";
import { liveContent, serverCodeHash } from "../deploy/releases";
import { Metrics, serveMetrics } from "../metrics/metrics";

// `npm run serve`: the built site and the quote endpoint in production, on PORT (default 9000)
// and HOST (default: every interface). The services (src/server/services/: the store, the
// delivery runner, the daily schedules, the deployer) are Fastify plugins, each closing itself
// in its own onClose. On SIGTERM or SIGINT (close-with-grace) Fastify closes the app: it stops
// accepting connections, lets the requests in flight finish, a lead being written to disk
// included (./plugins/drain.ts), then the services stop, the store last, and the process exits.

/** How long the requests in flight get after SIGTERM before the process ends anyway. */
const shutdownGraceMs = 10_000;
/** How long a kept-alive connection may stay idle after SIGTERM before it is closed. */
const idleGraceMs = 2_000;

/** The live release's content/, or the server's own before the first deploy. */
const liveContentOr = (deployDir: string) =>
  existsSync(liveContent(deployDir)) ? liveContent(deployDir) : path.resolve("content");

async function main(): Promise<void> {
  // Read and checked once: a malformed value or a half-set channel stops the start, named in
  // French (src/server/config.ts), rather than failing requests later.
  const config = readServerConfig();
  const log = createLogger(config.logLevel);
  setProcessLogger(log);
  const { port, host, trustProxy } = config.http;
  const spam = spamSettings(config, log);
  // Backups are the embedded store's (npm run leads -- backup): with PostgreSQL, its own.
  const backupDir = config.store.databaseUrl ? undefined : config.backups.dir;
  const deployDir = config.deploy?.dir;
  const site = deployDir
    ? releasedSite(deployDir, path.resolve("public"))
    : fixedSite(path.resolve("public"));

  const teamUrl = config.teamUrl ?? undefined;
  const app = await createApp({
    site,
    trustProxy,
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
  await app.register(deliveryService, {
    config: config.delivery,
    log,
    // With deploys on, the acknowledgement reads content/ from the live release: what marketing
    // last published, not the server's own checkout.
    contentDir: deployDir ? () => liveContentOr(deployDir) : undefined,
    onAttempt: (channel, ok) =>
      metrics?.deliveries.inc({ channel, outcome: ok ? "sent" : "failed" }),
  });
  await app.register(schedules, {
    retentionDays: config.retentionDays,
    // Sales hear of requests held in quarantine once a day, through the leads' SMTP relay.
    email: config.delivery.email,
    inbox:
      teamUrl && config.team.size > 0 ? { url: teamUrl, members: [...config.team.keys()] } : null,
  });
  if (config.deploy) {
    await app.register(deployerService, {
      settings: config.deploy,
      options: {
        log,
        notify: failureNotifier(config.delivery.email, config.deploy.notifyTo),
        // This file's folder (dist/server/) holds the code this server runs.
        serverCode: serverCodeHash(path.dirname(process.argv[1] ?? ".")),
        onEnd: (outcome, seconds) => {
          metrics?.deploys.inc({ outcome });
          metrics?.deployDuration.observe({ outcome }, seconds);
        },
      },
    });
  }
  await app.register(appRoutes, {
    site,
    endpoint: createQuoteEndpoint({ store, delivery: app.delivery, spam }),
    spam,
    cmsAuth: createCmsAuth({ settings: config.cmsAuth }),
    deployer: app.deployer,
    health: { database: store.database, backupDir },
    metrics,
    inbox: teamUrl
      ? {
          store,
          team: config.team,
          email: config.delivery.email,
          delivery: { config: config.delivery, log },
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
    const listener = await serveMetrics(metrics, config.metrics);
    app.addHook("onClose", async () => listener.close());
  }

  await app.listen({ port, host });
  const { port: listening } = app.server.address() as AddressInfo;
  log.info(`Site and quote endpoint on http://${host}:${listening} (pid ${process.pid})`);

  closeWithGrace(
    {
      delay: shutdownGraceMs,
      logger: false,
      onTimeout: () =>
        log.error(`Requests still open after ${shutdownGraceMs} ms: stopping anyway`),
    },
    async ({ signal, err }) => {
      if (err) log.error(`Stopping after an unexpected error: ${oneLine(err)}`);
      else log.info(`${signal ?? "exit"}: finishing the requests in flight, then stopping`);
      await app.close();
      log.info("Stopped");
    },
  );
}

main().catch((error: unknown) => {
  // The French message alone for a configuration error (it names each variable); the whole
  // error for anything else. On the error output, before any logger exists.
  const text =
    error instanceof ConfigError
      ? error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
  process.stderr.write(`${text}\n`);
  process.exit(1);
});
