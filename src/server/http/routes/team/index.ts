import fastifyCookie from "@fastify/cookie";
import fastifyFormbody from "@fastify/formbody";
import type { FastifyPluginAsync } from "fastify";
import { stylesheet, stylesheetFile } from "../../../team/pages/stylesheet";
import { adminRoutes } from "./admin";
import { leadRoutes } from "./leads";
import { oneLine } from "../../../one-line";
import { refuse, requireSession, type TeamRoutesOptions } from "./respond";
import { signInRoutes, signOutRoute } from "./sign-in";

// The team's inbox (src/server/team/), registered under the prefix /equipe by ../../app.ts when
// the server has an inbox: sign-in by an emailed link, the leads, and the admin's pages.
// Encapsulated: its cookie and form parsers serve no other route.

export type { TeamRoutesOptions };

const teamRoutes: FastifyPluginAsync<TeamRoutesOptions> = async (app, options) => {
  await app.register(fastifyCookie);
  // Forms only, a few hundred bytes at most (an address, a token, a status).
  await app.register(fastifyFormbody, { bodyLimit: 16 * 1024 });

  app.get(`/${stylesheetFile}`, async (_request, reply) =>
    reply
      .withHostHeaders("/equipe/")
      .headers({
        "content-type": "text/css; charset=utf-8",
        "cache-control": "public, max-age=31536000, immutable",
      })
      .send(stylesheet),
  );
  app.get("/", { prefixTrailingSlash: "no-slash" }, async (_request, reply) =>
    reply.withHostHeaders("/equipe").redirect("/equipe/", 301),
  );

  // An error in these pages (a form over 16 KB, a store gone) is a French page, not the API's JSON.
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error(`team: answered ${status}: ${oneLine(error)}`);
    const text =
      status >= 500
        ? "Une erreur est survenue sur le serveur : rien n'a été fait, réessayez."
        : "Cette requête n'a pas pu être lue : rien n'a été fait.";
    return refuse(request, reply, status, text, `error ${status}`);
  });

  signInRoutes(app, options);
  // Every other page and post: a session first (and its token, for a post), checked once here.
  await app.register(async (signedIn) => {
    signedIn.addHook("preHandler", requireSession(options));
    signOutRoute(signedIn, options);
    leadRoutes(signedIn, options);
    adminRoutes(signedIn, options);
  });
};

export default teamRoutes;
