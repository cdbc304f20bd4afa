import React from "react";
import type { FastifyReply, FastifyRequest } from "fastify";
import { array, coerce, optional, string, type } from "superstruct";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { TeamMembers } from "../../../config-values";
import type { EmailConfig } from "../../../delivery/delivery-config";
import type { DeliveryRunner, RunnerOptions } from "../../../delivery/runner";
import type { LeadStore } from "../../../leads/lead-store";
import type { RefusalJournal } from "../../../team/refusals";
import { MessagePage } from "../../../team/pages/sign-in-pages";

// What every route of the inbox shares: its settings, how a page is sent (React rendered to HTML
// on the server, never hydrated, under a policy that forbids every script), how a refusal is
// told and logged, the session's cookie and the origin a form must come from. The check every
// signed-in page and post passes first: ./session-guard.tsx.

/** The inbox's settings, from the server's configuration. */
export interface TeamRoutesOptions {
  /** TEAM_EMAILS; empty: the page says that no one is allowed yet. */
  team: TeamMembers;
  /** The leads' SMTP relay: the sign-in links go through it (config.ts requires it with a team). */
  email: EmailConfig | null;
  /** The inbox's own origin (TEAM_URL): the links in the emails lead there, forms come from it. */
  teamUrl: string;
}

/**
 * The settings, the server's services the inbox uses (read once from the app's decorators by
 * ./index.ts) and what it makes once for all its routes.
 */
export interface TeamContext extends TeamRoutesOptions {
  /** The lead store (`app.store`). */
  store: LeadStore;
  /** What a retry delivers with: the delivery runner's own options (`app.delivery.options`). */
  delivery: RunnerOptions;
  /** The server's delivery runner (`app.delivery`): a released lead is handed to it. */
  queue: Pick<DeliveryRunner, "kick">;
  /** The journal's lines for refusals, within their rate (src/server/team/refusals.ts). */
  refusals: RefusalJournal;
}

export const sessionCookie = "__Host-equipe";

/** The session cookie's attributes: only over HTTPS, never to scripts, never cross-site. */
export const cookieOptions = {
  path: "/",
  httpOnly: true,
  secure: true,
  sameSite: "strict" as const,
};

/**
 * Every page: no cache, no index, and a Referer for this site only (a link's token never leaves
 * it; `no-referrer` would also make the browser send `Origin: null` with the forms).
 */
const pageHeaders = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "x-robots-tag": "noindex, nofollow",
  "referrer-policy": "same-origin",
  "content-security-policy":
    "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
};

/** Sends a page with the site's host headers, then the inbox's own. */
export function sendPage(reply: FastifyReply, page: ReactElement, status = 200): FastifyReply {
  return reply
    .withHostHeaders("/equipe/")
    .headers(pageHeaders)
    .code(status)
    .send(`<!doctype html>${renderToStaticMarkup(page)}`);
}

/** An address under /equipe/ that is no page of the inbox: its own page, never the site's 404. */
export const sendNoSuchPage = (reply: FastifyReply) =>
  sendPage(
    reply,
    <MessagePage
      title="Page introuvable"
      text="Cette adresse n'existe pas dans la boîte des demandes."
    />,
    404,
  );

/** A redirect after a post (post, redirect, get), never cached. */
export const redirectTo = (reply: FastifyReply, location: string) =>
  reply.withHostHeaders("/equipe/").header("cache-control", "no-store").redirect(location, 303);

/** A refusal: its French page, and a log line with the request's id, which the page shows. */
export function refuse(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  text: string,
  why: string,
): FastifyReply {
  request.log.warn({ status }, `team: refused, ${why}`);
  return sendPage(
    reply,
    <MessagePage title="Action refusée" text={`${text} (référence : ${request.id})`} />,
    status,
  );
}

/**
 * A page opened from another site (a link in an email) comes without the session's cookie:
 * SameSite=Strict keeps it back on a cross-site navigation, and sends it on a same-site one.
 */
export const crossSiteWithoutCookie = (request: FastifyRequest) =>
  request.method === "GET" &&
  request.headers["sec-fetch-site"] === "cross-site" &&
  !request.cookies[sessionCookie];

/**
 * A post from a page of any other origin is refused, the site's own included (its admin runs a
 * large bundle): browsers say where a form came from.
 */
export function sameOrigin(request: FastifyRequest, teamUrl: string): boolean {
  const origin = request.headers.origin;
  return origin === undefined || origin === teamUrl;
}

/** A form of a few fields (an address, a token, a status, the list's filters): its bodyLimit. */
export const shortFormLimit = 4 * 1024;
/**
 * A form with a text (a note, a reply and its subject): maxNoteLength characters of up to 4 bytes,
 * 12 once form-encoded, 60 KB, and the other fields.
 */
export const textFormLimit = 64 * 1024;

/**
 * A parameter of the address or a field of a posted form, as text. Sent twice (an address typed
 * by hand), the first counts, as the inbox's own links and forms never send one twice.
 */
export const Text = coerce(string(), array(string()), (values) => values[0] ?? "");

/** A request's page: its id in the address, any text (the store finds no lead for a wrong one). */
export const LeadParams = type({ id: string() });

/** What a request's page or action says of an id no request has (any more). */
export const noSuchLeadText = "Cette demande n'existe pas, ou a été supprimée.";

/** The inbox's address: its filters (src/server/team/inbox-filters.ts) and an action's outcome. */
export const InboxQuery = type({
  q: optional(Text),
  statut: optional(Text),
  quarantaine: optional(Text),
  responsable: optional(Text),
  du: optional(Text),
  au: optional(Text),
  page: optional(Text),
  fait: optional(Text),
});
