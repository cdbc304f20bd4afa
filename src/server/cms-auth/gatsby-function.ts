import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { createCmsAuth, type CmsAuth, type CmsAuthRequest } from "./cms-auth";
import { readServerConfig } from "../config";
import { processLogger } from "../log/logger";

// The admin's sign-in as a Gatsby Function (src/api/cms/auth.ts and callback.ts, thin adapters
// over this folder), as the production server mounts it too (src/server/http/app.ts).

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** This site's origin as the browser reached it, through the host's proxy. */
function originOf(req: GatsbyFunctionRequest<unknown>): string {
  const host = first(req.headers["x-forwarded-host"]) ?? req.headers.host ?? "localhost";
  const protocol = first(req.headers["x-forwarded-proto"])?.split(",")[0]?.trim() ?? "http";
  return `${protocol}://${host}`;
}

export function cmsAuthFunction(step: (auth: CmsAuth) => CmsAuth["start"]) {
  return async function handler(
    req: GatsbyFunctionRequest<unknown>,
    res: GatsbyFunctionResponse<unknown>,
  ): Promise<void> {
    // Gatsby calls the handler without awaiting it: a malformed setting ends as a French 500 here.
    try {
      const request: CmsAuthRequest = {
        method: req.method ?? "GET",
        query: new URL(req.url ?? "/", "http://localhost").searchParams,
        cookie: req.headers.cookie,
        origin: originOf(req),
      };
      const answer = await step(createCmsAuth({ settings: readServerConfig().cmsAuth }))(request);
      res.statusCode = answer.status;
      for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
      res.end(answer.body);
    } catch (error) {
      processLogger().error(
        `sign-in not answered: ${error instanceof Error ? error.message : String(error)}`,
      );
      res.statusCode = 500;
      res.setHeader("Content-Type", "text/plain; charset=utf-8");
      res.end(error instanceof Error ? error.message : "Erreur de configuration de la connexion");
    }
  };
}
