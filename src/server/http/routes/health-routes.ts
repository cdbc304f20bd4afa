import type { FastifyPluginAsync } from "fastify";

// What a load balancer, a container runtime or a monitor asks of the server: GET /healthz, the
// process answers (even under pressure: it is alive, only busy); GET /readyz, it can do its work.
// Both are public: /readyz answers the verdict alone, the last one the server found by checking
// itself (`app.readiness`, src/server/services/readiness-service.ts), so that asking costs nothing
// and tells nobody the backup's age or the queue's depth; each check's verdict is on the metrics
// listener (docs/operations.md, « Health »).

const healthRoutes: FastifyPluginAsync = async (app) => {
  const { readiness } = app;

  app.get(
    "/healthz",
    // Alive under pressure too: @fastify/under-pressure (plugins/pressure.ts) lets it through.
    { config: { pressureHandler: () => undefined } },
    async (_request, reply) => reply.sendJson(200, { status: "ok" }),
  );

  app.get("/readyz", async (_request, reply) => {
    const ready = readiness.latest?.ready === true;
    return reply.sendJson(ready ? 200 : 503, { status: ready ? "ready" : "unavailable" });
  });
};

export default healthRoutes;
