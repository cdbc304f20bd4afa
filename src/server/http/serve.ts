import { once } from "node:events";
import { existsSync } from "node:fs";
import { Server as NetServer, type AddressInfo, type Socket } from "node:net";
import path from "node:path";
import { ConfigError, readServerConfig } from "../config";
import { createCmsAuth } from "../cms-auth/cms-auth";
import { DeliveryRunner } from "../delivery/runner";
import { openLeadStore } from "../leads/open-store";
import { startDailyPurge } from "../leads/retention";
import { createLogger, setProcessLogger } from "../log/logger";
import { oneLine } from "../one-line";
import { createQuoteEndpoint } from "../quote-endpoint";
import { spamSettings } from "../spam/screen";
import { fixedSite, releasedSite } from "./site-files";
import { buildApp } from "./app";
import { Deployer } from "../deploy/deployer";
import { failureNotifier } from "../deploy/failure-email";
import { liveContent, serverCodeHash } from "../deploy/releases";
import { startQuarantineDigest } from "../team/quarantine-digest";
import { Metrics, serveMetrics } from "../metrics/metrics";

// `npm run serve`: the built site and the quote endpoint in production, on PORT (default 9000)
// and HOST (default: every interface). On SIGTERM or SIGINT it stops accepting connections, lets
// the requests in flight finish (a lead being written to disk included), closes each connection
// after its answer (an idle one after 2 s), closes the lead store, then exits.

/** How often the server looks for deliveries due (failures past their back-off). */
const sweepIntervalMs = 15_000;

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
  const store = await openLeadStore(config.store);
  const spam = spamSettings(config, log);
  // Backups are the embedded store's (npm run leads -- backup): with PostgreSQL, its own.
  const backupDir = config.store.databaseUrl ? undefined : config.backups.dir;
  const metrics = config.metrics ? new Metrics({ database: store.database, backupDir }) : undefined;
  // With deploys on, the acknowledgement reads content/ from the live release: what marketing
  // last published, not the server's own checkout.
  const deployDir = config.deploy?.dir;
  const delivery = new DeliveryRunner(store.deliveries, {
    config: config.delivery,
    log,
    contentDir: deployDir ? () => liveContentOr(deployDir) : undefined,
    onAttempt: (channel, ok) =>
      metrics?.deliveries.inc({ channel, outcome: ok ? "sent" : "failed" }),
  });
  const cmsAuth = createCmsAuth({ settings: config.cmsAuth });
  const deployer = config.deploy
    ? new Deployer(config.deploy, {
        log,
        notify: failureNotifier(config.delivery.email, config.deploy.notifyTo),
        // This file's folder (dist/server/) holds the code this server runs.
        serverCode: serverCodeHash(path.dirname(process.argv[1] ?? ".")),
        onEnd: (outcome, seconds) => {
          metrics?.deploys.inc({ outcome });
          metrics?.deployDuration.observe({ outcome }, seconds);
        },
      })
    : undefined;
  const app = await buildApp({
    site: config.deploy
      ? releasedSite(config.deploy.dir, path.resolve("public"))
      : fixedSite(path.resolve("public")),
    endpoint: createQuoteEndpoint({
      store: async () => store,
      delivery: async () => delivery,
      spam,
    }),
    trustProxy,
    spam,
    log,
    cmsAuth,
    deployer,
    health: { database: store.database, backupDir },
    metrics,
    inbox: {
      store: async () => store,
      team: config.team,
      email: config.delivery.email,
      delivery: { config: config.delivery, log },
      siteUrl: config.delivery.siteUrl,
    },
  });
  // Sessions of addresses removed from TEAM_EMAILS end now, for good: the address coming back
  // later does not bring them back.
  const ended = await store.team.endSessionsExcept([...config.team.keys()], new Date());
  if (ended > 0) log.info(`team: ${ended} session(s) of addresses no longer in TEAM_EMAILS ended`);
  const purging = startDailyPurge(store.leads, config.retentionDays, log);
  // Sales hear of requests held in quarantine once a day, through the leads' SMTP relay.
  const digest = config.delivery.email
    ? startQuarantineDigest(
        store,
        config.delivery.email,
        config.delivery.siteUrl,
        config.team.size > 0,
        log,
      )
    : undefined;
  // Closed after the last request has its answer, so no write is cut short; the deliveries under
  // way end first, so that each one's outcome is recorded.
  const metricsListener = config.metrics ? await serveMetrics(metrics!, config.metrics) : undefined;
  app.addHook("onClose", async () => {
    metricsListener?.close();
    purging.stop();
    digest?.stop();
    clearInterval(sweep);
    // A build under way is stopped: it never goes live, and the next start runs it again.
    await deployer?.close();
    await delivery.close();
    await store.close();
  });
  // The open connections, so that stopping can wait for each one's end.
  const connections = new Set<Socket>();
  app.server.on("connection", (socket: Socket) => {
    connections.add(socket);
    socket.once("close", () => connections.delete(socket));
  });

  await app.listen({ port, host });
  const { port: listening } = app.server.address() as AddressInfo;
  log.info(`Site and quote endpoint on http://${host}:${listening} (pid ${process.pid})`);
  // Leads left undelivered by an earlier run (a crash, an SMTP outage) are tried again now,
  // as their back-off allows, rather than at the next visitor's request.
  void delivery.kick();
  // A deploy cut short by the last stop (SIGTERM, a crash) is finished now.
  deployer?.resumeInterrupted();
  // And while it runs, so that a failure is retried once its back-off has passed even when no
  // visitor comes by (an SMTP relay back at night is used before the morning's first request).
  const sweep = setInterval(() => void delivery.kick(), sweepIntervalMs);
  sweep.unref();

  /**
   * Stops accepting connections, then waits for the open ones to end. Node's http close() would
   * also drop every idle kept-alive connection at once, cutting the post a client may be sending
   * on one that very moment; so the listening socket alone is closed first. Each connection then
   * carries at most one more request, answered with `Connection: close` (plugins/request-log.ts); those
   * still idle after idleGraceMs are closed. Fastify's close() then finds none left.
   */
  async function drain(): Promise<void> {
    NetServer.prototype.close.call(app.server);
    log.info(`No longer listening; ${connections.size} connection(s) to finish`);
    const idle = setTimeout(() => app.server.closeIdleConnections(), idleGraceMs);
    await Promise.all([...connections].map((socket) => once(socket, "close")));
    clearTimeout(idle);
  }

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: finishing the requests in flight, then stopping`);
    const deadline = setTimeout(() => {
      log.error(`Requests still open after ${shutdownGraceMs} ms: stopping anyway`);
      process.exit(1);
    }, shutdownGraceMs);
    deadline.unref();
    drain()
      .then(() => app.close())
      .then(
        () => {
          log.info("Stopped");
          process.exit(0);
        },
        (error: unknown) => {
          log.error(`Stopping failed: ${oneLine(error)}`);
          process.exit(1);
        },
      );
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
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
