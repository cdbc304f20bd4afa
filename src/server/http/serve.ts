import closeWithGrace from "close-with-grace";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { ConfigError, readServerConfig } from "../config";
import { createLogger, setProcessLogger } from "../log/logger";
import { oneLine } from "../one-line";
import { buildServer } from "./server";

// `npm run serve`: the built site and the quote endpoint in production, on PORT (default 9000)
// and HOST (default: every interface), as ./server.ts assembles them from the configuration. On
// SIGTERM or SIGINT (close-with-grace) Fastify closes the app: it stops
// accepting connections, lets the requests in flight finish, a lead being written to disk
// included (./plugins/drain.ts), then the services stop, the store last, and the process exits.

/** How long the requests in flight get after SIGTERM before the process ends anyway. */
const shutdownGraceMs = 10_000;
/** How long a kept-alive connection may stay idle after SIGTERM before it is closed. */
const idleGraceMs = 2_000;

async function main(): Promise<void> {
  // Read and checked once: a malformed value or a half-set channel stops the start, named in
  // French (src/server/config.ts), rather than failing requests later.
  const config = readServerConfig();
  const log = createLogger(config.logLevel);
  setProcessLogger(log);
  const { port, host } = config.http;
  const app = await buildServer(config, {
    log,
    idleGraceMs,
    // This file's folder (dist/server/) holds the code this server runs.
    serverCodeDir: path.dirname(process.argv[1] ?? "."),
  });

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
