import fp from "fastify-plugin";
import { startDailyPurge } from "../leads/retention";

// The daily purge of leads past their retention (src/server/leads/retention.ts), over the store;
// it stops with the server.

export interface PurgeOptions {
  /** QUOTE_RETENTION_DAYS: leads without contact for longer than this are erased. */
  retentionDays: number;
}

export default fp<PurgeOptions>(
  async (app, { retentionDays }) => {
    const purge = startDailyPurge(app.store, retentionDays, app.log);
    app.addHook("onClose", async () => purge.stop());
  },
  { name: "purge", fastify: "5.x", dependencies: ["store"] },
);
