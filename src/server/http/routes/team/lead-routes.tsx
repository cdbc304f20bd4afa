import React from "react";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { assign, enums, optional, type, type Infer } from "superstruct";
import {
  confirmSpam,
  exportLeads,
  medianReplyMinutes,
  releaseLead,
  retryDeliveries,
  setLeadStatus,
} from "../../../leads/actions";
import type { Actor } from "../../../leads/actions/audit";
import {
  filtersSearch,
  pageSize,
  readFilters,
  statusFromParam,
  storeQuery,
} from "../../../team/inbox-filters";
import { InboxPage } from "../../../team/pages/inbox-page";
import { ConfirmSpamPage, LeadPage } from "../../../team/pages/lead-page";
import {
  MessagePage,
  NoTeamPage,
  SameSiteReloadPage,
  SignInPage,
} from "../../../team/pages/sign-in-pages";
import type { SuperstructTypes } from "../../superstruct-schemas";
import { outcomeOf } from "./outcomes";
import {
  crossSiteWithoutCookie,
  InboxQuery,
  LeadParams,
  noSuchLeadText,
  redirectTo,
  refuse,
  sendPage,
  sessionCookie,
  Text,
  type TeamContext,
} from "./respond";
import { requireSession } from "./session-guard";

// The inbox (its front door, /equipe/) and one request's page, its actions and the export. Each action is the CLI's own
// module (src/server/leads/actions/), which writes the audit line; the page then shows the
// outcome through a code in the address it redirects to.

export const actorOf = (request: FastifyRequest): Actor => ({
  name: request.teamSession!.email,
  requestId: request.id,
});

/** The inbox for a signed-in member: the filters of the address, one page of requests. */
async function inboxPage(
  request: FastifyRequest,
  reply: FastifyReply,
  query: Infer<typeof InboxQuery>,
  { store, team }: TeamContext,
) {
  const { filters, problems } = readFilters(query);
  const members = [...team.keys()];
  const page = await store.inbox.page({
    ...storeQuery(filters, request.teamSession!.email, members),
    limit: pageSize,
    offset: (filters.page - 1) * pageSize,
  });
  const last = Math.max(1, Math.ceil(page.total / pageSize));
  // Past the last page (an old bookmark, a number typed): to the last one.
  if (filters.page > last)
    return reply.redirect(`/equipe/${filtersSearch(filters, { page: last })}`);
  const notice =
    problems.length > 0
      ? { kind: "error" as const, text: problems.join(" ") }
      : outcomeOf(query.fait);
  return sendPage(
    reply,
    <InboxPage
      session={request.teamSession!}
      filters={filters}
      page={page}
      members={members}
      medianReply={medianReplyMinutes(
        await store.notes.firstReplies(new Date(Date.now() - 30 * 86_400_000)),
      )}
      notice={notice}
    />,
  );
}

/**
 * The inbox's front door, /equipe/ alone (/equipe is the redirect to it, ./index.ts), outside the
 * signed-in scope: the list to a signed-in member, after the same check as its pages; signed out,
 * the sign-in page, with a 200.
 */
export function inboxRoute(plugin: FastifyInstance, options: TeamContext) {
  const app = plugin.withTypeProvider<SuperstructTypes>();
  const { team } = options;
  const checkSession = requireSession(options);

  app.get(
    "/",
    { prefixTrailingSlash: "slash", schema: { querystring: InboxQuery } },
    async (request, reply) => {
      if (team.size === 0) return sendPage(reply, <NoTeamPage />);
      // Signed out: the sign-in page, with a 200 (this is the inbox's front door).
      if (crossSiteWithoutCookie(request)) {
        return sendPage(reply, <SameSiteReloadPage path={request.url} />);
      }
      if (!request.cookies[sessionCookie]) return sendPage(reply, <SignInPage />);
      await checkSession(request, reply);
      if (reply.sent) return reply;
      return inboxPage(request, reply, request.query, options);
    },
  );
}

/** The status form of a request's page. */
const StatusForm = type({ csrf: optional(Text), statut: optional(Text) });
/** The export's form: the list's filters, the file's format, the session's token. */
const ExportForm = assign(
  InboxQuery,
  type({ csrf: optional(Text), format: enums(["csv", "json"]), notes: optional(Text) }),
);
/** The forms of a request's page that carry nothing but the session's token. */
const ActionForm = type({ csrf: optional(Text) });

export function leadRoutes(plugin: FastifyInstance, options: TeamContext) {
  const app = plugin.withTypeProvider<SuperstructTypes>();
  const { store, delivery, queue } = options;
  const noSuchLead = (request: FastifyRequest, reply: FastifyReply) =>
    refuse(request, reply, 404, noSuchLeadText, "no such lead");
  /** An action the request's state does not allow: its French page, nothing done. */
  const conflict = (request: FastifyRequest, reply: FastifyReply, text: string, why: string) =>
    refuse(request, reply, 409, text, why);
  /** A request's action: its id in the address, a form with only the session's token. */
  const action = { schema: { params: LeadParams, body: ActionForm } };
  const backTo = (reply: FastifyReply, id: string, outcome: string) =>
    redirectTo(reply, `/equipe/demandes/${id}?fait=${outcome}`);

  app.get(
    "/demandes/:id",
    { schema: { params: LeadParams, querystring: InboxQuery } },
    async (request, reply) => {
      const { id } = request.params;
      const lead = await store.leads.get(id);
      if (!lead) {
        return sendPage(
          reply,
          <MessagePage title="Demande introuvable" text={noSuchLeadText} />,
          404,
        );
      }
      return sendPage(
        reply,
        <LeadPage
          session={request.teamSession!}
          lead={lead}
          notes={(await store.notes.of([lead.id])).get(lead.id) ?? []}
          members={[...options.team.keys()]}
          notice={outcomeOf(request.query.fait)}
        />,
      );
    },
  );

  app.post(
    "/demandes/:id/statut",
    { schema: { params: LeadParams, body: StatusForm } },
    async (request, reply) => {
      const { id } = request.params;
      const status = statusFromParam(request.body.statut);
      if (!status) {
        return refuse(
          request,
          reply,
          400,
          "Ce statut n'existe pas : rien n'a été changé.",
          "status",
        );
      }
      const result = await setLeadStatus(store, actorOf(request), id, status);
      if (result.outcome === "not-found") return noSuchLead(request, reply);
      return backTo(reply, id, "statut");
    },
  );

  app.post("/demandes/:id/liberer", action, async (request, reply) => {
    const { id } = request.params;
    const result = await releaseLead(store, actorOf(request), id);
    if (result.outcome === "not-found") return noSuchLead(request, reply);
    if (result.outcome === "not-quarantined") {
      return conflict(request, reply, "Cette demande n'est pas en quarantaine.", "not quarantined");
    }
    // Committed: the server's runner sends it now, each channel's outcome recorded as it goes.
    if (result.owed) void queue.kick();
    return backTo(reply, id, "libere");
  });

  app.get("/demandes/:id/spam", { schema: { params: LeadParams } }, async (request, reply) => {
    const { id } = request.params;
    const lead = await store.leads.get(id);
    if (!lead) return noSuchLead(request, reply);
    if (!lead.quarantine) return redirectTo(reply, `/equipe/demandes/${lead.id}`);
    return sendPage(reply, <ConfirmSpamPage session={request.teamSession!} lead={lead} />);
  });

  app.post("/demandes/:id/spam", action, async (request, reply) => {
    const { id } = request.params;
    const result = await confirmSpam(store, actorOf(request), id);
    if (result.outcome === "not-found") return noSuchLead(request, reply);
    if (result.outcome === "not-quarantined") {
      return conflict(
        request,
        reply,
        "Seule une demande en quarantaine peut être supprimée comme spam.",
        "not quarantined",
      );
    }
    return redirectTo(reply, "/equipe/?fait=spam");
  });

  // Sends made now cannot be taken back: a failure after them says so (./index.ts).
  app.post(
    "/demandes/:id/relancer",
    { ...action, config: { sends: true } },
    async (request, reply) => {
      const { id } = request.params;
      const result = await retryDeliveries(store, delivery, actorOf(request), id);
      if (result.outcome === "not-found") return noSuchLead(request, reply);
      if (result.outcome === "quarantined") {
        return conflict(
          request,
          reply,
          "Une demande en quarantaine se transmet en la sortant de la quarantaine.",
          "quarantined",
        );
      }
      if (result.outcome !== "retried" || result.sent + result.failed === 0) {
        // Nothing pending, or the server's own delivery run holds it right now.
        return backTo(reply, id, "relance-rien");
      }
      return backTo(reply, id, result.failed > 0 ? "relance-echec" : "relance");
    },
  );

  // What the list shows, every page together, as a file, with the list's filters. Posted with the
  // session's token: no link, prefetch or page of another site can start one (it writes a line
  // in the journal).
  app.post("/export", { schema: { body: ExportForm } }, async (request, reply) => {
    const { format } = request.body;
    const { filters } = readFilters(request.body);
    const file = await exportLeads(
      store,
      actorOf(request),
      storeQuery(filters, request.teamSession!.email, [...options.team.keys()]),
      format,
      request.body.notes === "oui",
    );
    return reply
      .withHostHeaders("/equipe/")
      .headers({
        "content-type":
          format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
        "content-disposition": `attachment; filename="${file.filename}"`,
        "cache-control": "no-store",
        "x-robots-tag": "noindex, nofollow",
      })
      .send(file.body);
  });
}
