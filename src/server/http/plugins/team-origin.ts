import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { urlPathOf } from "./site";

// Two origins, one server: the site, with its admin, and the team's inbox on an origin of its own
// (TEAM_URL). A script of the site's (the admin's large bundle above all) then shares no origin
// with the inbox: the browser keeps the inbox's pages, cookie and token out of its reach. So the
// inbox answers on its origin alone, and nothing of the site is served there.

export interface TeamOriginOptions {
  /** TEAM_URL's origin: https://equipe.exemple.fr, or http://equipe.localhost:9000. */
  teamUrl: string;
}

const onTeamPage = (path: string) => path === "/equipe" || path.startsWith("/equipe/");

export default fp<TeamOriginOptions>(
  async (app, { teamUrl }) => {
    const team = new URL(teamUrl);
    /** The request's host as a URL writes it (lower case, no default port), to compare. */
    const hostOf = (request: FastifyRequest) =>
      URL.canParse(`${team.protocol}//${request.host}`)
        ? new URL(`${team.protocol}//${request.host}`).host
        : "";
    const reading = (request: FastifyRequest) =>
      request.method === "GET" || request.method === "HEAD";

    app.addHook("onRequest", async (request, reply) => {
      const path = urlPathOf(request.url) ?? "";
      const onTeamOrigin = hostOf(request) === team.host;
      if (onTeamOrigin === onTeamPage(path)) return;
      if (onTeamOrigin) {
        // The team's origin is the inbox alone: its root leads to it, nothing else is there.
        if (path === "/" && reading(request)) {
          return reply.header("cache-control", "no-store").redirect("/equipe/", 302);
        }
        return reply
          .code(404)
          .headers({
            "content-type": "text/plain; charset=utf-8",
            "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
            "cache-control": "no-store",
            "x-robots-tag": "noindex, nofollow",
            "x-content-type-options": "nosniff",
          })
          .send("Cette adresse n'existe pas : la boîte des demandes est à /equipe/.\n");
      }
      // On the site's origin, the inbox's addresses lead to its own; nothing posted here is read.
      if (reading(request)) {
        return reply.header("cache-control", "no-store").redirect(`${teamUrl}${request.url}`, 302);
      }
      return reply.sendJson(404, { messageText: "Ressource introuvable" });
    });
  },
  { name: "team-origin", fastify: "5.x", dependencies: ["site"] },
);
