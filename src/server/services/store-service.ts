import fp from "fastify-plugin";
import type { StoreSettings } from "../config";
import { openLeadStore } from "../leads/open-store";
import type { SqlLeadStore } from "../leads/sql-store";

// The lead store as a service of the production server (src/server/http/serve.ts): opened once
// before any route is declared, `app.store` for the services and routes after it, closed last —
// Fastify runs onClose hooks in the reverse order of their plugins, so every service that
// writes to it has stopped by then.

declare module "fastify" {
  interface FastifyInstance {
    /** The lead store (src/server/leads/), open for the life of the server. */
    store: SqlLeadStore;
  }
}

export default fp<{ settings: StoreSettings }>(
  async (app, { settings }) => {
    const store = await openLeadStore(settings);
    app.decorate("store", store);
    app.addHook("onClose", () => store.close());
  },
  { name: "store", fastify: "5.x" },
);
