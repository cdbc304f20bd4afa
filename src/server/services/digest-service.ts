import fp from "fastify-plugin";
import type { EmailConfig } from "../delivery/delivery-config";
import { startQuarantineDigest, type DigestInbox } from "../team/quarantine-digest";

// Sales' daily email of the requests held in quarantine (src/server/team/quarantine-digest.ts),
// sent through the leads' SMTP relay; it stops with the server. Registered only with a relay.

export interface QuarantineDigestOptions {
  /** The leads' relay. */
  email: EmailConfig;
  /** The inbox when someone may sign in to it, for the digest's links and owners; else null. */
  inbox: DigestInbox | null;
}

export default fp<QuarantineDigestOptions>(
  async (app, { email, inbox }) => {
    const digest = startQuarantineDigest(app.store, email, inbox, app.log);
    app.addHook("onClose", async () => digest.stop());
  },
  { name: "quarantine-digest", fastify: "5.x", dependencies: ["store"] },
);
