import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { Metrics } from "../../metrics/metrics";
import type { QuoteEndpoint } from "../../quote-endpoint";
import { challengeResponse, type SpamSettings } from "../../spam/screen";
import { everyMethod } from "./every-method";

// The quote form's endpoint (/api/contact) and its anti-bot challenge (/api/challenge): the same
// modules as their Gatsby Functions (src/api/), this plugin only carrying Fastify's request to them
// and their answer back, with the site's headers.

export interface QuoteRoutesOptions {
  /** The quote endpoint, made once for the life of the process. */
  endpoint: QuoteEndpoint;
  /** The anti-bot settings, the endpoint's own: the challenge route signs with its secret. */
  spam: Pick<SpamSettings, "secret">;
  /** Counts each answer's outcome (src/server/metrics/). */
  metrics?: Metrics;
}

const quoteRoutes: FastifyPluginAsync<QuoteRoutesOptions> = async (
  app,
  { endpoint, spam, metrics },
) => {
  const quote = async (request: FastifyRequest, reply: FastifyReply) => {
    const answer = await endpoint({
      method: request.method,
      headers: request.headers,
      body: request.raw,
      clientAddress: request.ip,
      requestId: request.id,
      log: request.log,
    });
    metrics?.quotes.inc({
      outcome: answer.status === 201 ? (answer.outcome ?? "stored") : "refused",
      status: String(answer.status),
    });
    return reply
      .withHostHeaders()
      .code(answer.status)
      .headers(answer.headers)
      .send(JSON.stringify(answer.body));
  };
  // With or without a final slash, like the site's pages.
  for (const url of ["/api/contact", "/api/contact/"]) {
    app.route({ method: everyMethod, url, exposeHeadRoute: false, handler: quote });
  }
  for (const url of ["/api/challenge", "/api/challenge/"]) {
    app.route({
      method: everyMethod,
      url,
      exposeHeadRoute: false,
      handler: async (request, reply) => {
        const answer = await challengeResponse(request.method, spam);
        return reply
          .withHostHeaders()
          .code(answer.status)
          .headers(answer.headers)
          .send(answer.body);
      },
    });
  }

  // A Content-Type Fastify cannot even parse, sent to the endpoint: the endpoint's own 415, in
  // the form's words. Any other error goes on to the site's handler.
  app.setErrorHandler((error: Error & { code?: string }, request, reply) => {
    if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE" && request.url.startsWith("/api/contact")) {
      return quote(request, reply);
    }
    throw error;
  });
};

export default quoteRoutes;
