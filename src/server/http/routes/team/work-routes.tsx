import React from "react";
import type { FastifyInstance } from "fastify";
import { optional, type } from "superstruct";
import {
  addNote,
  giveLead,
  maxNoteLength,
  replyDraft,
  replyToLead,
  takeLead,
} from "../../../leads/actions";
import { EmailSender } from "../../../delivery/email";
import { ReplyPage } from "../../../team/pages/reply-page";
import type { SuperstructTypes } from "../../superstruct-schemas";
import { actorOf } from "./lead-routes";
import {
  LeadParams,
  noSuchLeadText,
  redirectTo,
  refuse,
  sendPage,
  Text,
  textFormLimit,
  type TeamContext,
} from "./respond";

// Sales' work on a request, from its page: « Je m'en occupe », « Confier à », a note. Each is the
// action the CLI would call (src/server/leads/actions/owner-and-notes.ts), then back to the
// request's page with its outcome.

const TakeForm = type({ csrf: optional(Text) });
const GiveForm = type({ csrf: optional(Text), a: optional(Text) });
const NoteForm = type({ csrf: optional(Text), texte: optional(Text) });
const ReplyForm = type({ csrf: optional(Text), sujet: optional(Text), texte: optional(Text) });

export function workRoutes(plugin: FastifyInstance, { store, team, email }: TeamContext) {
  const app = plugin.withTypeProvider<SuperstructTypes>();
  const back = (id: string, outcome: string) => `/equipe/demandes/${id}?fait=${outcome}`;

  app.post(
    "/demandes/:id/prendre",
    { schema: { params: LeadParams, body: TakeForm } },
    async (request, reply) => {
      const { id } = request.params;
      const result = await takeLead(store, actorOf(request), id, [...team.keys()]);
      if (result.outcome === "not-found") {
        return refuse(request, reply, 404, noSuchLeadText, "no such lead");
      }
      return redirectTo(reply, back(id, result.outcome === "taken" ? "deja-prise" : "pris"));
    },
  );

  app.post(
    "/demandes/:id/confier",
    { schema: { params: LeadParams, body: GiveForm } },
    async (request, reply) => {
      const { id } = request.params;
      const result = await giveLead(store, team, actorOf(request), id, request.body.a ?? "");
      if (result.outcome === "not-found") {
        return refuse(request, reply, 404, noSuchLeadText, "no such lead");
      }
      if (result.outcome === "not-a-member") {
        return refuse(
          request,
          reply,
          400,
          "Cette adresse ne fait pas partie de l'équipe (TEAM_EMAILS) : la demande n'a pas été confiée.",
          "not a member",
        );
      }
      return redirectTo(reply, back(id, "confie"));
    },
  );

  app.post(
    "/demandes/:id/notes",
    { bodyLimit: textFormLimit, schema: { params: LeadParams, body: NoteForm } },
    async (request, reply) => {
      const { id } = request.params;
      const result = await addNote(store, actorOf(request), id, request.body.texte ?? "");
      switch (result.outcome) {
        case "not-found":
          return refuse(request, reply, 404, noSuchLeadText, "no such lead");
        case "empty":
          return refuse(
            request,
            reply,
            400,
            "La note est vide : rien n'a été ajouté.",
            "empty note",
          );
        case "too-long":
          return refuse(
            request,
            reply,
            400,
            `La note fait ${result.length} caractères, ${maxNoteLength} au plus : rien n'a été ajouté. Raccourcissez-la, ou partagez-la en deux.`,
            "note too long",
          );
        case "added":
          return redirectTo(reply, `${back(id, "note")}#notes`);
      }
    },
  );

  // « Répondre »: the prefilled reply, then its sending (« sends »: a failure after it says so).
  app.get("/demandes/:id/repondre", { schema: { params: LeadParams } }, async (request, reply) => {
    const lead = await store.leads.get(request.params.id);
    if (!lead) return refuse(request, reply, 404, noSuchLeadText, "no such lead");
    const session = request.teamSession!;
    return sendPage(
      reply,
      <ReplyPage
        session={session}
        lead={lead}
        draft={replyDraft(lead, session.email)}
        from={email?.from ?? null}
      />,
    );
  });

  app.post(
    "/demandes/:id/repondre",
    {
      bodyLimit: textFormLimit,
      schema: { params: LeadParams, body: ReplyForm },
      config: { sends: true },
    },
    async (request, reply) => {
      const { id } = request.params;
      const session = request.teamSession!;
      const draft = { subject: request.body.sujet ?? "", text: request.body.texte ?? "" };
      if (!email)
        return refuse(
          request,
          reply,
          409,
          "Ce serveur n'a pas de relais d'email : rien n'a été envoyé.",
          "no relay",
        );
      const sender = new EmailSender(email.smtpUrl);
      let result;
      try {
        result = await replyToLead(
          store,
          { from: email.from, send: (message) => sender.send(message) },
          actorOf(request),
          id,
          draft,
        );
      } finally {
        sender.close();
      }
      if (result.outcome === "not-found")
        return refuse(request, reply, 404, noSuchLeadText, "no such lead");
      if (result.outcome === "quarantined") {
        return refuse(
          request,
          reply,
          409,
          "Cette demande est en quarantaine : sortez-la d'abord de la quarantaine, puis répondez.",
          "quarantined",
        );
      }
      if (result.outcome === "sent") return redirectTo(reply, `${back(id, "reponse")}#notes`);
      // Not sent: the page again, with what was typed and why, so that nothing is lost.
      if (result.outcome === "not-sent") request.log.error(`team: reply not sent: ${result.error}`);
      const lead = await store.leads.get(id);
      if (!lead) return refuse(request, reply, 404, noSuchLeadText, "no such lead");
      const text =
        result.outcome === "invalid"
          ? `${result.problem} Rien n'a été envoyé.`
          : "Le relais d'email n'a pas pris la réponse : rien n'a été envoyé. Réessayez dans un moment ; votre texte est conservé ci-dessous.";
      return sendPage(
        reply,
        <ReplyPage
          session={session}
          lead={lead}
          draft={draft}
          from={email.from}
          notice={{ kind: "error", text }}
        />,
        result.outcome === "invalid" ? 400 : 502,
      );
    },
  );
}
