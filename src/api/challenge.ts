import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { challengeResponse, spamSettings } from "../server/spam/screen";

// GET /api/challenge under `gatsby develop` (and any Gatsby functions host): a thin adapter over
// src/server/spam/screen.ts, like the production server's route (src/server/http/).

export default async function handler(
  req: GatsbyFunctionRequest<unknown>,
  res: GatsbyFunctionResponse<unknown>,
): Promise<void> {
  // Gatsby calls the handler without awaiting it: every failure ends as a JSON 500 here.
  try {
    const { status, headers, body } = await challengeResponse(req.method, spamSettings());
    res.statusCode = status;
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.end(body);
  } catch (error) {
    console.error("[api/challenge] no challenge issued:", error);
    if (!res.headersSent) {
      res.statusCode = 500;
      res.setHeader("Content-Type", "application/json; charset=utf-8");
      res.end(JSON.stringify({ messageText: "Une erreur est survenue" }));
    }
  }
}
