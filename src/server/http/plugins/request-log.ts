import fp from "fastify-plugin";

// Every answer's request id header, one log line per request, and `Connection: close` once the
// server is stopping. Not encapsulated (fastify-plugin): its hooks apply to every route.

export default fp(
  async (app) => {
    // Once closing (SIGTERM), every answer closes its connection: left open for another request,
    // it would hold the shutdown until its keep-alive timeout. A request that still arrives on a
    // connection opened before is served (not Fastify's English 503), then its connection closed.
    let closing = false;
    app.addHook("preClose", async () => {
      closing = true;
    });
    app.addHook("onSend", async (request, reply, payload) => {
      // serve.ts stops listening before Fastify's close: from then on too.
      if (closing || !app.server.listening) reply.header("connection", "close");
      // The id the log lines of this request carry, for whoever reports a problem with it.
      reply.header("x-request-id", request.id);
      return payload;
    });
    // What the privacy policy says technical logs hold (content/legal/politique-confidentialite.md):
    // the address, the page asked for, the answer's code; the path without its query string, which
    // may carry anything a visitor typed.
    // The audience's beacons leave the address out (routes/audience-routes.ts): the statistics
    // keep none, their log neither.
    app.addHook("onResponse", async (request, reply) => {
      request.log.info(
        {
          method: request.method,
          path: request.url.split("?", 1)[0],
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
          ...(request.routeOptions.config.anonymous ? {} : { ip: request.ip }),
        },
        "request",
      );
    });
  },
  { name: "request-log", fastify: "5.x" },
);
