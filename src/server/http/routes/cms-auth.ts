import type { FastifyPluginAsync } from "fastify";
import type { CmsAuth } from "../../cms-auth/cms-auth";
import { everyMethod } from "./every-method";

// The admin's GitHub sign-in popup (/api/cms/auth, then /api/cms/callback): to GitHub and back,
// on this origin as the browser reached it. The same module as its Gatsby Functions (src/api/cms/).

export interface CmsAuthRoutesOptions {
  /** The sign-in (src/server/cms-auth/); unconfigured, it answers so in French. */
  cmsAuth: CmsAuth;
}

const cmsAuthRoutes: FastifyPluginAsync<CmsAuthRoutesOptions> = async (app, { cmsAuth }) => {
  for (const [url, step] of [
    ["/api/cms/auth", cmsAuth.start],
    ["/api/cms/callback", cmsAuth.callback],
  ] as const) {
    app.route({
      method: everyMethod,
      url,
      exposeHeadRoute: false,
      handler: async (request, reply) => {
        const queryAt = request.url.indexOf("?");
        const answer = await step({
          method: request.method,
          query: new URLSearchParams(queryAt === -1 ? "" : request.url.slice(queryAt + 1)),
          cookie: request.headers.cookie,
          origin: `${request.protocol}://${request.host}`,
        });
        return reply
          .withHostHeaders()
          .code(answer.status)
          .headers(answer.headers)
          .send(answer.body);
      },
    });
  }
};

export default cmsAuthRoutes;
