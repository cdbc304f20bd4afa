import type { FastifyInstance } from "fastify";
import { optional, type } from "superstruct";
import { addNote, giveLead, maxNoteLength, takeLead } from "../../../leads/actions";
import type { SuperstructTypes } from "../../superstruct-schemas";
import { actorOf } from "./leads";
import { LeadParams, redirectTo, refuse, Text, type TeamRoutesOptions } from "./respond";

// Sales' work on a request, from its page: « Je m'en occupe », « Confier à », a note. Each is the
// action the CLI would call (src/server/leads/actions/work.ts), then back to the request's page
// with its outcome.

const TakeForm = type({ csrf: optional(Text) });
const GiveForm = type({ csrf: optional(Text), a: optional(Text) });
const NoteForm = type({ csrf: optional(Text), texte: optional(Text) });

export function workRoutes(plugin: FastifyInstance, { store, team }: TeamRoutesOptions) {
  const app = plugin.withTypeProvider<SuperstructTypes>();
  const noSuchLead = "Cette demande n'existe pas, ou a été supprimée.";
  const back = (id: string, outcome: string) => `/equipe/demandes/${id}?fait=${outcome}`;

  app.post(
    "/demandes/:id/prendre",
    { schema: { params: LeadParams, body: TakeForm } },
    async (request, reply) => {
      const { id } = request.params;
      const result = await takeLead(store, actorOf(request), id);
      if (result.outcome === "not-found") {
        return refuse(request, reply, 404, noSuchLead, "no such lead");
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
        return refuse(request, reply, 404, noSuchLead, "no such lead");
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
    { schema: { params: LeadParams, body: NoteForm } },
    async (request, reply) => {
      const { id } = request.params;
      const result = await addNote(store, actorOf(request), id, request.body.texte ?? "");
      switch (result.outcome) {
        case "not-found":
          return refuse(request, reply, 404, noSuchLead, "no such lead");
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
}
