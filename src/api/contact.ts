import { randomUUID } from "node:crypto";
import type { GatsbyFunctionConfig, GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { tryReadServerConfig } from "../server/config";
import { sharedDeliveryRunner } from "../server/delivery/shared";
import { sharedLeadStore } from "../server/leads/open-store";
import { processLogger } from "../server/log/logger";
import {
  answerRawRequest,
  responseMessages,
  type QuoteEndpointResponse,
} from "../server/quote-endpoint";
import { refuse } from "../server/quote-endpoint/answers";
import { spamSettings } from "../server/spam/screen";

// POST /api/contact under `gatsby develop` (and a functions host): a thin adapter over the one
// quote endpoint (src/server/quote-endpoint/index.ts), which `npm run serve` mounts in production.

// None of Gatsby's body parsers may read the body: each has limits and errors of its own (an
// English HTML 413 past its limit). Each is given a media type no request carries, so the body
// arrives unread, and readQuoteRequest reads it, stopping past its 10 KiB limit.
// Exported through a destructuring on purpose: Gatsby's query extractor takes any file in src/
// with `export const config` for a page asking for rendering engines, and those fail to build
// with sharp 0.34. The function runtime still reads the `config` export as usual.
const unread = { type: "application/x-read-by-the-endpoint" };
const functionConfig: GatsbyFunctionConfig = {
  bodyParser: {
    json: unread,
    raw: unread,
    text: unread,
    urlencoded: { ...unread, extended: false },
  },
};
export const { config } = { config: functionConfig };

// The configuration is read as this module loads: once per instance on a functions host (Gatsby
// loads the module again on every request under `gatsby develop`, so an edit applies at once).
// A wrong one answers every request with the French 500 and logs why, in French.
// The store and the delivery runner behind the endpoint are one per process (kept on globalThis).
// On a functions host, the instance may be frozen once it has answered: the deliveries are tried
// before the answer there.
const loaded = tryReadServerConfig();

export default async function handler(
  req: GatsbyFunctionRequest<unknown>,
  res: GatsbyFunctionResponse<unknown>,
): Promise<void> {
  const requestId = randomUUID();
  const log = processLogger().child({ reqId: requestId });
  res.setHeader("x-request-id", requestId);
  const send = ({ status, headers, body }: QuoteEndpointResponse) => {
    res.statusCode = status;
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.end(JSON.stringify(body));
  };
  if (!loaded.ok) {
    log.error(loaded.error.message);
    send(refuse(500, responseMessages.notStored));
    return;
  }
  const { config } = loaded;
  const raw = {
    method: req.method ?? "GET",
    headers: req.headers,
    body: req,
    clientAddress: req.socket.remoteAddress ?? "",
    requestId,
    log,
  };
  // Never throws: every failure is already a French JSON answer.
  const answer = await answerRawRequest(raw, async () => ({
    store: await sharedLeadStore(config.store),
    delivery: await sharedDeliveryRunner(config),
    deliverBeforeAnswer: config.store.functionsHost !== null,
    spam: spamSettings(config),
  }));
  send(answer);
  log.info({ method: req.method, path: "/api/contact", status: answer.status }, "request");
}
