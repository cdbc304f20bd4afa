import fastifyCookie from "@fastify/cookie";
import fastifyFormbody from "@fastify/formbody";
import type { FastifyPluginAsync } from "fastify";
import { stylesheet, stylesheetFile } from "../../../team/pages/stylesheet";
import { adminRoutes } from "./admin-routes";
import { inboxRoute, leadRoutes } from "./lead-routes";
import { oneLine } from "../../../one-line";
import { RefusalJournal } from "../../../team/refusals";
import {
  refuse,
  sendNoSuchPage,
  shortFormLimit,
  type TeamContext,
  type TeamRoutesOptions,
} from "./respond";
import { requireSession } from "./session-guard";
import { signInRoutes, signOutRoute } from "./sign-in-routes";
import { statsRoutes } from "./stats-routes";
import { workRoutes } from "./work-routes";

// The team's inbox (src/server/team/), registered under the prefix /equipe by ../../app.ts when
// the server has an inbox: sign-in by an emailed link, the leads, and the admin's pages.
// Encapsulated: its cookie and form parsers serve no other route.

export type { TeamRoutesOptions };

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * A post whose work may be partly done when it fails (sends cannot be taken back): its error
     * page says so, where every other post's says that nothing was done.
     */
    sends?: boolean;
  }
}

const teamRoutes: FastifyPluginAsync<TeamRoutesOptions> = async (app, settings) => {
  const options: TeamContext = {
    ...settings,
    store: app.store,
    queue: app.delivery,
    delivery: app.delivery.options,
    refusals: new RefusalJournal(app.store.audit, app.log),
  };
  await app.register(fastifyCookie);
  // Forms only, each route within its size: by default a few hundred bytes (an address, a token,
  // a status, the list's filters); the forms with a text declare textFormLimit.
  await app.register(fastifyFormbody, { bodyLimit: shortFormLimit });

  app.get(`/${stylesheetFile}`, async (_request, reply) =>
    reply
      .withHostHeaders("/equipe/")
      .headers({
        "content-type": "text/css; charset=utf-8",
        "cache-control": "public, max-age=31536000, immutable",
      })
      .send(stylesheet),
  );
  // Any other address under /equipe/ (the site's `/*` would answer it with its own 404 page,
  // scripts and all, on the team's origin).
  app.get("/*", async (_request, reply) => sendNoSuchPage(reply));
  app.get("/", { prefixTrailingSlash: "no-slash" }, async (_request, reply) =>
    reply.withHostHeaders("/equipe").redirect("/equipe/", 301),
  );

  // An error in these pages (a form over 64 KB, a store gone) is a French page, not the API's
  // JSON, saying what it knows: a page not shown; a post refused before its work began; a post
  // whose work is one transaction, undone; a post that sends, perhaps partly done.
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const text = "Cette requête n'a pas pu être lue : rien n'a été fait.";
      return refuse(request, reply, status, text, `error ${status}`);
    }
    request.log.error(`team: answered ${status}: ${oneLine(error)}`);
    const text =
      request.method !== "POST"
        ? "Une erreur est survenue sur le serveur : la page n'a pas pu s'afficher, réessayez."
        : request.routeOptions.config.sends
          ? "Une erreur est survenue sur le serveur pendant les envois : certains ont pu partir. Rouvrez la demande pour voir l'état de chaque envoi."
          : "Une erreur est survenue sur le serveur : rien n'a été fait, réessayez.";
    return refuse(request, reply, status, text, `error ${status}`);
  });

  // The front door (the list, or the sign-in page) and signing in: open to anyone.
  inboxRoute(app, options);
  signInRoutes(app, options);
  // Every other page and post: a session first (and its token, for a post), checked once here.
  await app.register(async (signedIn) => {
    signedIn.addHook("preHandler", requireSession(options));
    signOutRoute(signedIn, options);
    leadRoutes(signedIn, options);
    workRoutes(signedIn, options);
    adminRoutes(signedIn, options);
    statsRoutes(signedIn, options);
  });
};

export default teamRoutes;
