import React from "react";
import type { FastifyInstance } from "fastify";
import { optional, type } from "superstruct";
import { erasePerson, erasePreview } from "../../../leads/actions";
import { ErasureFileError } from "../../../leads/erasure-file";
import { verdictsSince } from "../../../leads/verdicts";
import { oneLine } from "../../../one-line";
import { AuditPage, ErasePage } from "../../../team/pages/admin-pages";
import { actorOf } from "./lead-routes";
import type { SuperstructTypes } from "../../superstruct-schemas";
import { sendPage, Text, type TeamContext } from "./respond";

// The admin's pages: one person's erasure (what will go is listed first, then the number of
// requests typed to confirm), and the audit log.

const auditPageSize = 100;

const wholePage = (value: string | undefined) =>
  value !== undefined && /^\d{1,6}$/.test(value) ? Math.max(1, Number(value)) : 1;

/** The erasure's forms: the address, and the number of requests typed to confirm. */
const EraseForm = type({ csrf: optional(Text), email: optional(Text), nombre: optional(Text) });

export function adminRoutes(plugin: FastifyInstance, { store }: TeamContext) {
  const app = plugin.withTypeProvider<SuperstructTypes>();
  const admin = { role: "admin" as const };
  app.get("/effacer", { config: admin }, async (request, reply) =>
    sendPage(reply, <ErasePage session={request.teamSession!} email="" />),
  );

  // What an erasure would take, for an address posted (never in the page's address).
  app.post(
    "/effacer/apercu",
    { config: admin, schema: { body: EraseForm } },
    async (request, reply) => {
      const email = (request.body.email ?? "").trim().slice(0, 254);
      const leads = email ? await erasePreview(store, email) : undefined;
      return sendPage(
        reply,
        <ErasePage session={request.teamSession!} email={email} leads={leads} />,
      );
    },
  );

  app.post("/effacer", { config: admin, schema: { body: EraseForm } }, async (request, reply) => {
    const session = request.teamSession!;
    const email = (request.body.email ?? "").trim().slice(0, 254);
    const typed = (request.body.nombre ?? "").trim();

    const again = async (status: number, text: string) =>
      sendPage(
        reply,
        <ErasePage
          session={session}
          email={email}
          leads={email ? await erasePreview(store, email) : undefined}
          notice={{ kind: "error", text }}
        />,
        status,
      );
    if (!email || !/^\d{1,6}$/.test(typed)) {
      request.log.warn("team: erasure refused, no address or no count");
      return again(400, "Tapez le nombre de demandes à effacer, en chiffres. Rien n'a été effacé.");
    }
    let result;
    try {
      result = await erasePerson(store, actorOf(request), email, Number(typed));
    } catch (error) {
      if (!(error instanceof ErasureFileError)) throw error;
      request.log.error(`team: erasure refused, ${oneLine(error)}`);
      return again(
        503,
        "Le journal des effacements, à côté des sauvegardes, n'a pas pu être écrit : rien n'a été effacé. Prévenez la personne qui administre le serveur (BACKUP_DIR).",
      );
    }
    if (result.outcome === "count-mismatch") {
      request.log.warn("team: erasure refused, count mismatch");
      return again(
        409,
        `Le nombre tapé ne correspond pas : ${result.found} demande(s) seraient effacées. Rien n'a été effacé.`,
      );
    }
    return sendPage(
      reply,
      <ErasePage
        session={session}
        email=""
        notice={{
          kind: "success",
          text: `Effacé : ${result.leads.length} demande(s), ${result.challenges} défi(s) anti-robot et ${result.counters} compteur(s).`,
        }}
      />,
    );
  });

  app.get(
    "/journal",
    { config: admin, schema: { querystring: type({ page: optional(Text) }) } },
    async (request, reply) => {
      const page = wholePage(request.query.page);
      const { entries, total } = await store.audit.page({
        limit: auditPageSize,
        offset: (page - 1) * auditPageSize,
      });
      return sendPage(
        reply,
        <AuditPage
          session={request.teamSession!}
          entries={entries}
          total={total}
          page={page}
          pageSize={auditPageSize}
          rules={await store.verdicts.tally(verdictsSince(new Date()))}
        />,
      );
    },
  );
}
