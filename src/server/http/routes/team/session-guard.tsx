import React from "react";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { TeamSession } from "../../../leads/lead-store";
import { NoTeamPage, SameSiteReloadPage, SignInPage } from "../../../team/pages/sign-in-pages";
import { csrfMatches, findSession } from "../../../team/sign-in";
import {
  cookieOptions,
  crossSiteWithoutCookie,
  refuse,
  sameOrigin,
  sendPage,
  sessionCookie,
  type TeamContext,
} from "./respond";

// The check every signed-in page and post of the inbox passes first (./index.ts registers it as
// the signed-in scope's preHandler; the inbox's front door, ./lead-routes.tsx, calls it itself).

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in member on /equipe/ pages, once requireSession has let the request through. */
    teamSession?: TeamSession;
  }
  interface FastifyContextConfig {
    /** A route of the signed-in scope that only admins may use. */
    role?: "admin";
  }
}

/**
 * The session's token of a posted form, for the check every signed-in post passes before its
 * route runs (`requireSession`); each route declares it with its own fields.
 */
function csrfField(request: FastifyRequest): string {
  const body = request.body;
  const value = body && typeof body === "object" && "csrf" in body ? body.csrf : "";
  return typeof value === "string" ? value : "";
}

/**
 * The signed-in scope's preHandler: lets a request through with its session
 * (request.teamSession), or sends the refusal: no team configured, no session (the sign-in page
 * for a GET, its cookie cleared), a post without the session's token or from another origin, a
 * role that may not. Each refusal is logged with the request's id; a forged post and a role
 * refused are journaled too.
 */
export function requireSession({ store, team, teamUrl, refusals }: TeamContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (team.size === 0) return sendPage(reply, <NoTeamPage />, 403);
    if (crossSiteWithoutCookie(request))
      return sendPage(reply, <SameSiteReloadPage path={request.url} />);
    const session = await findSession(store, team, request.cookies[sessionCookie]);
    if (!session) {
      request.log.warn("team: refused, no session");
      reply.clearCookie(sessionCookie, cookieOptions);
      if (request.method === "GET") return sendPage(reply, <SignInPage />, 401);
      return refuse(
        request,
        reply,
        401,
        "Votre session a pris fin : reconnectez-vous.",
        "no session",
      );
    }
    if (request.method === "POST") {
      const forged = !sameOrigin(request, teamUrl)
        ? "formulaire venu d'une autre origine"
        : !csrfMatches(session, csrfField(request))
          ? "formulaire sans le jeton de la session"
          : undefined;
      if (forged) {
        await refusals.record(session.email, `${forged} : rien n'a été fait`, request.id);
        return refuse(
          request,
          reply,
          403,
          "Ce formulaire ne vient pas de la boîte des demandes : rien n'a été fait.",
          "token or origin",
        );
      }
    }
    if (request.routeOptions.config.role === "admin" && session.role !== "admin") {
      const path = request.url.split("?", 1)[0];
      await refusals.record(
        session.email,
        `page réservée aux administrateurs (${path})`,
        request.id,
      );
      return refuse(request, reply, 403, "Cette page est réservée aux administrateurs.", "role");
    }
    request.teamSession = session;
  };
}
