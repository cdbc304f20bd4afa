import fp from "fastify-plugin";
import type { EmailConfig } from "../delivery/config";
import { startDailyPurge } from "../leads/retention";
import { startQuarantineDigest, type DigestInbox } from "../team/quarantine-digest";

// What the production server does once a day over the store: the purge of leads past their
// retention (src/server/leads/retention.ts), and, with an SMTP relay, the quarantine's digest to
// sales (src/server/team/quarantine-digest.ts). Each stops with the server.

export interface SchedulesOptions {
  /** QUOTE_RETENTION_DAYS: leads older than this are erased. */
  retentionDays: number;
  /** The leads' relay; without it, no digest. */
  email: EmailConfig | null;
  /** The inbox when someone may sign in to it, for the digest's links and owners; else null. */
  inbox: DigestInbox | null;
}

export default fp<SchedulesOptions>(
  async (app, { retentionDays, email, inbox }) => {
    const purge = startDailyPurge(app.store, retentionDays, app.log);
    const digest = email ? startQuarantineDigest(app.store, email, inbox, app.log) : undefined;
    app.addHook("onClose", async () => {
      purge.stop();
      digest?.stop();
    });
  },
  { name: "schedules", fastify: "5.x", dependencies: ["store"] },
);
