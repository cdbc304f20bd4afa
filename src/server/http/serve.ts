import { Server as NetServer, type AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import path from "node:path";
import { createCmsAuth } from "../cms-auth/cms-auth";
import { cmsAuthSettings } from "../cms-auth/settings";
import { DeliveryRunner } from "../delivery/runner";
import { openLeadStore } from "../leads/open-store";
import { createQuoteEndpoint } from "../quote-endpoint";
import { retentionDays, startDailyPurge } from "../leads/retention";
import { spamSettings } from "../spam/screen";
import { portSetting, trustProxySetting } from "./settings";
import { createSiteServer } from "./site-server";

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

async function main(): Promise<void> {
  const port = portSetting(process.env.PORT);
  const host = process.env.HOST || "0.0.0.0";
  const store = await openLeadStore(process.env);
  // Read once, so that a wrong QUOTE_RATE_LIMIT stops the start rather than every request.
  const spam = spamSettings(process.env);
  // A half-set GitHub client for the admin's sign-in stops the start, naming what is missing.
  const cmsAuth = createCmsAuth({ settings: cmsAuthSettings(process.env) });
  // Its settings are read now: a half-set channel stops the start, naming the missing variable.
  const delivery = new DeliveryRunner(store);
  const app = await createSiteServer({
    publicDir: path.resolve("public"),
    endpoint: createQuoteEndpoint({
      store: async () => store,
      delivery: async () => delivery,
      spam,
    }),
    trustProxy: trustProxySetting(process.env.TRUST_PROXY),
    spam,
    cmsAuth,
  });
  const purging = startDailyPurge(store, retentionDays(process.env));
  // Closed after the last request has its answer, so no write is cut short; the deliveries under
  // way end first, so that each one's outcome is recorded.
  app.addHook("onClose", async () => {
    purging.stop();
    clearInterval(sweep);
    await delivery.close();
    await store.close();
  });
  await app.listen({ port, host });
  const { port: listening } = app.server.address() as AddressInfo;
  console.log(`Site and quote endpoint on http://${host}:${listening} (pid ${process.pid})`);
  // Leads left undelivered by an earlier run (a crash, an SMTP outage) are tried again now,
  // as their back-off allows, rather than at the next visitor's request.
  void delivery.kick();
  // And while it runs, so that a failure is retried once its back-off has passed even when no
  // visitor comes by (an SMTP relay back at night is used before the morning's first request).
  const sweep = setInterval(() => void delivery.kick(), sweepIntervalMs);
  sweep.unref();

  /**
   * Stops accepting connections, then waits for the open ones to end. Node's http close() would
   * also drop every idle kept-alive connection at once, cutting the post a client may be sending
   * on one that very moment; so the listening socket alone is closed first. Each connection then
   * carries at most one more request, answered with `Connection: close` (site-server.ts); those
   * still idle after idleGraceMs are closed. Fastify's close() then finds none left.
   */
  async function drain(): Promise<void> {
    NetServer.prototype.close.call(app.server);
    const openConnections = () =>
      new Promise<number>((done) => app.server.getConnections((_error, count) => done(count)));
    const idleDeadline = Date.now() + idleGraceMs;
    let idleClosed = false;
    while ((await openConnections()) > 0) {
      if (!idleClosed && Date.now() >= idleDeadline) {
        app.server.closeIdleConnections();
        idleClosed = true;
      }
      await sleep(25);
    }
  }

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing the requests in flight, then stopping`);
    const deadline = setTimeout(() => {
      console.error(`Requests still open after ${shutdownGraceMs} ms: stopping anyway`);
      process.exit(1);
    }, shutdownGraceMs);
    deadline.unref();
    drain()
      .then(() => app.close())
      .then(
        () => {
          console.log("Stopped");
          process.exit(0);
        },
        (error: unknown) => {
          console.error("Stopping failed:", error);
          process.exit(1);
        },
      );
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
