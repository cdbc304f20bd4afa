import type { FastifyPluginAsync } from "fastify";
import { optional, string, type } from "superstruct";
import type { CmsAuth } from "../../cms-auth/cms-auth";
import type { SuperstructTypes } from "../superstruct-schemas";

// The admin's GitHub sign-in popup (/api/cms/auth, then /api/cms/callback): to GitHub and back,
// on this origin as the browser reached it. The same module as its Gatsby Functions (src/api/cms/).

export interface CmsAuthRoutesOptions {
  /** The sign-in (src/server/cms-auth/); unconfigured, it answers so in French. */
  cmsAuth: CmsAuth;
}

/** What the sign-in reads, each once; GitHub may add others (error_description), left unread. */
const SignInQuery = type({
  provider: optional(string()),
  code: optional(string()),
  state: optional(string()),
  error: optional(string()),
});

const cmsAuthRoutes: FastifyPluginAsync<CmsAuthRoutesOptions> = async (plugin, { cmsAuth }) => {
  const app = plugin.withTypeProvider<SuperstructTypes>();
  for (const [url, step] of [
    ["/api/cms/auth", cmsAuth.start],
    ["/api/cms/callback", cmsAuth.callback],
  ] as const) {
    app.get(url, { schema: { querystring: SignInQuery } }, async (request, reply) => {
      const answer = await step({
        method: request.method,
        query: new URLSearchParams(
          Object.entries(request.query).filter(
            (entry): entry is [string, string] => typeof entry[1] === "string",
          ),
        ),
        cookie: request.headers.cookie,
        origin: `${request.protocol}://${request.host}`,
      });
      return reply.withHostHeaders().code(answer.status).headers(answer.headers).send(answer.body);
    });
  }
};

export default cmsAuthRoutes;
