import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { StructError } from "superstruct";
import { fieldErrorsOf, QuoteRequestBody } from "../../../shared/quote-request/quote-request";
import { createQuoteEndpoint } from "../../quote-endpoint";
import { refuse, responseMessages, type QuoteEndpointResponse } from "../../quote-endpoint/answers";
import {
  invalidFieldsAnswer,
  maxBodyBytes,
  parseJson,
  QuoteHeaders,
} from "../../quote-endpoint/read-request";
import { challengeResponse, type SpamSettings } from "../../spam/screen";
import type { SuperstructTypes } from "../superstruct-schemas";

// The quote form's endpoint (POST /api/contact) and its anti-bot challenge (GET /api/challenge):
// the same modules as their Gatsby Functions (src/api/). Fastify reads and checks the request
// first, against the form's own schema; every refusal on the way is the endpoint's French
// answer (415, 413, 400, 422), given by this plugin's error handler.

export interface QuoteRoutesOptions {
  /** The anti-bot settings, the endpoint's: the challenge route signs with its secret. */
  spam: SpamSettings;
  /** The endpoint's clock (a test's own). */
  now?: () => Date;
}

/** A body that is not JSON in UTF-8 (RFC 8259). */
class MalformedJsonError extends Error {
  readonly statusCode = 400;
}

/** The endpoint's answer to what Fastify refused before the handler; undefined: not its own. */
function refusalOf(
  error: FastifyError,
  request: FastifyRequest,
): QuoteEndpointResponse | undefined {
  if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") return refuse(415, responseMessages.notJson);
  // The rest of the body is never read, and a connection with unread bytes in it cannot carry
  // another request: it is closed after the answer.
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
    return refuse(413, responseMessages.tooLarge, { connection: "close" });
  }
  if (error instanceof MalformedJsonError) return refuse(400, responseMessages.malformedJson);
  if (error.validationContext === "headers") {
    return refuse(400, responseMessages.invalidIdempotencyKey);
  }
  if (error.validationContext === "body" && error instanceof StructError) {
    // No media type and no body: Fastify has nothing to parse, and the request is no JSON either.
    if (request.headers["content-type"] === undefined) {
      return refuse(415, responseMessages.notJson);
    }
    return invalidFieldsAnswer(fieldErrorsOf(error));
  }
  return undefined;
}

const quoteRoutes: FastifyPluginAsync<QuoteRoutesOptions> = async (plugin, { spam, now }) => {
  const app = plugin.withTypeProvider<SuperstructTypes>();
  // Made once for the life of the process, on the server's store and delivery runner; each answer
  // counted when metrics are on.
  const endpoint = createQuoteEndpoint({ store: app.store, delivery: app.delivery, spam, now });
  const { metrics } = app;

  const send = (reply: FastifyReply, answer: QuoteEndpointResponse) => {
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

  // JSON alone is read here, as bytes (the route's bodyLimit stops it past 10 KiB); any other
  // media type is Fastify's 415, answered below in the form's words.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => {
    // The Gatsby Function's parse: JSON in UTF-8, invalid bytes refused rather than replaced.
    const json = parseJson(body as Buffer);
    if (json.ok) done(null, json.value);
    else done(new MalformedJsonError("malformed JSON"), undefined);
  });

  // With or without a final slash, like the site's pages.
  for (const url of ["/api/contact", "/api/contact/"]) {
    app.post(
      url,
      { bodyLimit: maxBodyBytes, schema: { body: QuoteRequestBody, headers: QuoteHeaders } },
      async (request, reply) =>
        send(
          reply,
          await endpoint({
            request: request.body,
            idempotencyKey: request.headers["idempotency-key"] ?? null,
            headers: request.headers,
            clientAddress: request.ip,
            requestId: request.id,
            log: request.log,
          }),
        ),
    );
  }
  for (const url of ["/api/challenge", "/api/challenge/"]) {
    // No HEAD: each GET makes a new challenge, and a HEAD's would be thrown away.
    app.get(url, { exposeHeadRoute: false }, async (_request, reply) => {
      const answer = await challengeResponse("GET", spam);
      return reply.withHostHeaders().code(answer.status).headers(answer.headers).send(answer.body);
    });
  }

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const refusal = refusalOf(error, request);
    if (!refusal) throw error;
    return send(reply, refusal);
  });
};

export default quoteRoutes;
