import { randomUUID } from "node:crypto";
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { tryReadServerConfig } from "../server/config";
import { processLogger } from "../server/log/logger";
import { oneLine } from "../server/one-line";
import { challengeResponse, spamSettings } from "../server/spam/screen";

// GET /api/challenge under `gatsby develop` (and any Gatsby functions host): a thin adapter over
// src/server/spam/screen.ts, like the production server's route (src/server/http/). The
// configuration is read as the module loads, as in src/api/contact.ts.

const loaded = tryReadServerConfig();

export default async function handler(
  req: GatsbyFunctionRequest<unknown>,
  res: GatsbyFunctionResponse<unknown>,
): Promise<void> {
  const requestId = randomUUID();
  const log = processLogger().child({ reqId: requestId });
  res.setHeader("x-request-id", requestId);
  // Gatsby calls the handler without awaiting it: every failure ends as a JSON 500 here.
  try {
    if (!loaded.ok) throw loaded.error;
    const { status, headers, body } = await challengeResponse(
      req.method,
      spamSettings(loaded.config, log),
    );
    res.statusCode = status;
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.end(body);
    log.info({ method: req.method, path: "/api/challenge", status }, "request");
  } catch (error) {
    log.error(`no challenge issued: ${loaded.ok ? oneLine(error) : loaded.error.message}`);
    if (!res.headersSent) {
      res.statusCode = 500;
      res.setHeader("Content-Type", "application/json; charset=utf-8");
      res.end(JSON.stringify({ messageText: "Une erreur est survenue" }));
    }
  }
}
