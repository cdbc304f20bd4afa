import type { GatsbyFunctionConfig, GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { sharedDeliveryRunner } from "../server/delivery/shared";
import { functionsHostVariable } from "../server/leads/host";
import { runtimeEnv, sharedLeadStore } from "../server/leads/open-store";
import { createQuoteEndpoint } from "../server/quote-endpoint";

// POST /api/contact under `gatsby develop`: a thin adapter over the one quote endpoint
// (src/server/quote-endpoint.ts), which `npm run serve` mounts in production.

// None of Gatsby's body parsers may read the body: each has limits and errors of its own (an
// English HTML 413 past its limit). Each is given a media type no request carries, so the body
// reaches the endpoint unread, and the endpoint reads it, stopping past its 10 KiB limit.
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

// Gatsby loads this module again on every request: the endpoint is cheap to make, and the store
// behind it is one per process (sharedLeadStore keeps it on globalThis).
// On a functions host (Netlify with Gatsby's adapter), the instance may be frozen once it has
// answered: the deliveries are tried before the answer there.
const endpoint = createQuoteEndpoint({
  store: () => sharedLeadStore(),
  delivery: () => sharedDeliveryRunner(),
  deliverBeforeAnswer: functionsHostVariable(runtimeEnv()) !== null,
});

export default async function handler(
  req: GatsbyFunctionRequest<unknown>,
  res: GatsbyFunctionResponse<unknown>,
): Promise<void> {
  // The endpoint never throws: every failure is already a French JSON answer.
  const answer = await endpoint({
    method: req.method ?? "GET",
    headers: req.headers,
    body: req,
    clientAddress: req.socket.remoteAddress ?? "",
  });
  res.statusCode = answer.status;
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  res.end(JSON.stringify(answer.body));
}
