import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { CmsAuth } from "../cms-auth/cms-auth";
import type { QuoteEndpoint } from "../quote-endpoint";
import { challengeResponse, type SpamSettings } from "../spam/screen";

// The production server's /api/ routes: the quote endpoint, the form's anti-bot challenge and the
// admin's GitHub sign-in. Each is the same module as its Gatsby Function (src/api/): these routes
// only carry Fastify's request to it and its answer back, with the site's headers.

/** Every method reaches the handlers, which answer 405 themselves to those they do not take. */
const everyMethod = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"];

/** The reply with the headers _headers gives the request's path. */
export type WithHostHeaders = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

export interface ApiRoutesOptions {
  endpoint: QuoteEndpoint;
  spam: Pick<SpamSettings, "secret">;
  cmsAuth: CmsAuth;
  withHostHeaders: WithHostHeaders;
}

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

function route(app: FastifyInstance, urls: readonly string[], handler: Handler): void {
  for (const url of urls) {
    app.route({ method: everyMethod, url, exposeHeadRoute: false, handler });
  }
}

/**
 * Adds the /api/ routes to `app`, and returns the quote endpoint's handler, which the server's
 * error handler also calls (a Content-Type Fastify cannot parse gets the endpoint's own 415).
 */
export function addApiRoutes(
  app: FastifyInstance,
  { endpoint, spam, cmsAuth, withHostHeaders }: ApiRoutesOptions,
): Handler {
  const quote: Handler = async (request, reply) => {
    const answer = await endpoint({
      method: request.method,
      headers: request.headers,
      body: request.raw,
      clientAddress: request.ip,
      requestId: request.id,
      log: request.log,
    });
    return withHostHeaders(request, reply)
      .code(answer.status)
      .headers(answer.headers)
      .send(JSON.stringify(answer.body));
  };
  // With or without a final slash, like the site's pages.
  route(app, ["/api/contact", "/api/contact/"], quote);

  route(app, ["/api/challenge", "/api/challenge/"], async (request, reply) => {
    const answer = await challengeResponse(request.method, spam);
    return withHostHeaders(request, reply)
      .code(answer.status)
      .headers(answer.headers)
      .send(answer.body);
  });

  // The admin's sign-in popup: to GitHub and back, on this origin as the browser reached it.
  for (const [url, step] of [
    ["/api/cms/auth", cmsAuth.start],
    ["/api/cms/callback", cmsAuth.callback],
  ] as const) {
    route(app, [url], async (request, reply) => {
      const queryAt = request.url.indexOf("?");
      const answer = await step({
        method: request.method,
        query: new URLSearchParams(queryAt === -1 ? "" : request.url.slice(queryAt + 1)),
        cookie: request.headers.cookie,
        origin: `${request.protocol}://${request.host}`,
      });
      return withHostHeaders(request, reply)
        .code(answer.status)
        .headers(answer.headers)
        .send(answer.body);
    });
  }

  return quote;
}
