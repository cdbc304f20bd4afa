import fp from "fastify-plugin";
import type { Metrics } from "../../metrics/metrics";

// Every answer counted, by the route's pattern (never the path a client sent: "/*" for the site's
// files), its method and status, and timed (src/server/metrics/metrics.ts).

export default fp<{ metrics: Metrics }>(
  async (app, { metrics }) => {
    app.addHook("onResponse", async (request, reply) => {
      const route = request.routeOptions.url ?? "unmatched";
      metrics.requests.inc({ route, method: request.method, status: String(reply.statusCode) });
      metrics.latency.observe({ route }, reply.elapsedTime / 1000);
    });
  },
  { name: "metrics" },
);
