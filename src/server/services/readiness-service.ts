import fp from "fastify-plugin";
import type { LeadLogger } from "../log/logger";
import { Readiness } from "../http/readiness";
import type { SiteSource } from "../http/site-files";

// Whether the server can do its work (src/server/http/readiness.ts) as a service: `app.readiness`,
// checked at once and every few seconds after, stopped when the app closes. GET /readyz
// (src/server/http/routes/health-routes.ts) and the metrics listener read its last verdict; the
// log says when it turns.

declare module "fastify" {
  interface FastifyInstance {
    /** The server's last verdict on itself, refreshed every few seconds. */
    readiness: Readiness;
  }
}

export interface ReadinessServiceOptions {
  site: SiteSource;
  /** BACKUP_DIR with the embedded store: the last backup's age is checked; none with PostgreSQL. */
  backupDir: string | undefined;
  log: LeadLogger;
  now?: () => Date;
}

export default fp<ReadinessServiceOptions>(
  async (app, { site, backupDir, log, now }) => {
    const readiness = new Readiness(
      { site, database: app.store.database, backupDir, now },
      (report) =>
        report.ready
          ? log.info({ checks: report.checks }, "ready")
          : log.warn({ checks: report.checks }, "not ready"),
    );
    app.decorate("readiness", readiness);
    await readiness.start();
    app.addHook("onClose", async () => readiness.stop());
  },
  { name: "readiness", fastify: "5.x", dependencies: ["store"] },
);
