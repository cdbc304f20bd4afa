import type { FastifyPluginAsync } from "fastify";
import type { Database } from "../../leads/database";
import { newestBackup } from "../../leads/last-backup";
import { overdueDeliveries, storeTakesWrites } from "../../leads/sql-health";
import { oneLine } from "../../one-line";
import type { SiteSource } from "../site-files";

// What a load balancer, a container runtime or an operator asks of the server: GET /healthz, the
// process answers (even under pressure: it is alive, only busy); GET /readyz, it can do its work —
// the store takes a write, a built site is there to serve, the delivery queue moves, the last
// backup is recent (with the embedded store). 200, or 503
// with each check's verdict in English for the operator (docs/operations.md, « Health »): no
// personal data, no secret, never cached.

export interface HealthOptions {
  database: Database;
  site: SiteSource;
  /** BACKUP_DIR, where the hourly backup writes (ops/systemd/hestia-backup.timer); none: no check. */
  backupDir?: string;
  now?: () => Date;
}

/** A check that does not answer in this time fails: a readiness probe must not hang. */
const checkTimeoutMs = 2_000;
/** A delivery due this long ago and still pending: the runner, which sweeps every 15 s, is stuck. */
const overdueAfterMs = 5 * 60_000;
/** The backup timer's hour, its random delay (5 min) and the copy's own time, with room to spare. */
export const backupTooOldMs = 75 * 60_000;

/** "ok", or why not, within the time allowed. */
async function verdict(check: () => Promise<string>): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      check(),
      new Promise<string>((resolve) => {
        timer = setTimeout(() => resolve(`no answer within ${checkTimeoutMs} ms`), checkTimeoutMs);
      }),
    ]);
  } catch (error) {
    return oneLine(error);
  } finally {
    clearTimeout(timer);
  }
}

const healthRoutes: FastifyPluginAsync<HealthOptions> = async (
  app,
  { database, site, backupDir, now = () => new Date() },
) => {
  app.get(
    "/healthz",
    // Alive under pressure too: @fastify/under-pressure (plugins/pressure.ts) lets it through.
    { config: { pressureHandler: () => undefined } },
    async (_request, reply) => reply.sendJson(200, { status: "ok" }),
  );

  app.get("/readyz", async (_request, reply) => {
    const [store, served, deliveries, backup] = await Promise.all([
      verdict(async () => {
        await storeTakesWrites(database);
        return "ok";
      }),
      verdict(async () => {
        const files = site.current();
        return files.files.has("index.html") ? "ok" : "the built site has no index.html";
      }),
      verdict(async () => {
        const late = await overdueDeliveries(database, new Date(now().getTime() - overdueAfterMs));
        if (late.count === 0) return "ok";
        const minutes = Math.round((now().getTime() - late.oldest!.getTime()) / 60_000);
        return `${late.count} delivery(ies) overdue, the oldest due ${minutes} min ago`;
      }),
      verdict(async () => {
        if (!backupDir) return "ok";
        const last = newestBackup(backupDir);
        if (!last)
          return "no backup yet in BACKUP_DIR (npm run leads -- backup, hestia-backup.timer)";
        const minutes = Math.round((now().getTime() - last.mtimeMs) / 60_000);
        return now().getTime() - last.mtimeMs > backupTooOldMs
          ? `the last backup is ${minutes} min old`
          : "ok";
      }),
    ]);
    const checks = { store, site: served, deliveries, ...(backupDir ? { backup } : {}) };
    const ready = Object.values(checks).every((value) => value === "ok");
    return reply.sendJson(ready ? 200 : 503, { status: ready ? "ready" : "unavailable", checks });
  });
};

export default healthRoutes;
