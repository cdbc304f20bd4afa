import fp from "fastify-plugin";
import type { StoreSettings } from "../config";
import { openLeadStore } from "../leads/open-store";
import type { SqlLeadStore } from "../leads/sql-store";

// The lead store as a service of the server (src/server/http/server.ts): opened once before any
// route is declared, `app.store` for the services and routes after it, closed last — Fastify runs
// onClose hooks in the reverse order of their plugins, so every service that writes to it has
// stopped by then. A store handed over already open (a test file's, opened once for its tests)
// is used as it is and left open: whoever opened it closes it.

declare module "fastify" {
  interface FastifyInstance {
    /** The lead store (src/server/leads/), open for the life of the server. */
    store: SqlLeadStore;
  }
}

export type StoreServiceOptions = { settings: StoreSettings; open?: SqlLeadStore };

export default fp<StoreServiceOptions>(
  async (app, { settings, open }) => {
    const store = open ?? (await openLeadStore(settings));
    app.decorate("store", store);
    if (!open) app.addHook("onClose", () => store.close());
  },
  { name: "store", fastify: "5.x" },
);
