import { deliveryOptions } from "../delivery/options";
import { parisTime } from "../leads/lead-fields";
import {
  confirmSpam,
  releaseAndDeliver,
  retryDeliveries,
  setLeadStatus,
  statusFromWord,
  statusLabels,
} from "../leads/actions";
import type { Command } from "./command-context";

// The commands that act on one lead or on the delivery queue: each calls the action the inbox
// calls (src/server/leads/actions/), which leaves the audit line, and prints its outcome.

export const retry: Command = {
  args: "[ID]",
  summary:
    "envoie maintenant tout envoi en attente (ou ceux d'une demande), sans attendre la fin du délai entre deux essais",
  async run([id], { actor, config, out, store }) {
    const result = await retryDeliveries(await store(), deliveryOptions(config), actor, id);
    switch (result.outcome) {
      case "not-found":
        out(`Aucune demande ${id}.`);
        return 1;
      case "quarantined":
        out(`La demande ${id} est en quarantaine : npm run leads -- release ${id} l'envoie.`);
        return 1;
      case "nothing-pending":
        out(`La demande ${id} n'a aucun envoi en attente.`);
        return 0;
      case "retried":
        out(
          id === undefined
            ? `${result.leads} demande(s) traitée(s) : ${result.sent} envoi(s) réussi(s), ${result.failed} échec(s).`
            : `Demande ${id} : ${result.sent} envoi(s) réussi(s), ${result.failed} échec(s).`,
        );
        return result.failed === 0 ? 0 : 1;
    }
  },
};

export const spam: Command = {
  args: "[--confirm ID]",
  summary:
    "les demandes mises en quarantaine (suspectées d'être envoyées par un robot), avec la raison ; avec --confirm, supprime l'une d'elles comme spam",
  async run(args, { actor, out, store }) {
    if (args[0] === "--confirm") {
      const id = args[1];
      if (!id) {
        out("Usage : npm run leads -- spam --confirm ID (l'identifiant affiché par « spam »)");
        return 2;
      }
      const result = await confirmSpam(await store(), actor, id);
      if (result.outcome === "not-found") out(`Aucune demande ${id}.`);
      else if (result.outcome === "not-quarantined") {
        out(`La demande ${id} n'est pas en quarantaine : elle n'est pas supprimée.`);
      } else out(`Demande ${id} supprimée comme spam.`);
      return result.outcome === "deleted" ? 0 : 1;
    }
    const leads = (await (await store()).leads.list()).filter((lead) => lead.quarantine !== null);
    for (const lead of leads) {
      const { request } = lead;
      out(
        `${lead.id}  ${parisTime(lead.receivedAt)}  ${request.company} — ${request.firstName} ${request.lastName} <${request.email}>`,
      );
      out(`    raison : ${lead.quarantine?.reason ?? ""}`);
    }
    out(
      leads.length === 0
        ? "Aucune demande en quarantaine."
        : `${leads.length} demande(s) en quarantaine. Une personne ? npm run leads -- release ID`,
    );
    return 0;
  },
};

export const release: Command = {
  args: "ID",
  summary: "sort une demande de la quarantaine et l'envoie aux commerciaux comme les autres",
  async run([id], { actor, config, out, store }) {
    if (!id) {
      out("Usage : npm run leads -- release ID (l'identifiant affiché par « spam »)");
      return 2;
    }
    const result = await releaseAndDeliver(await store(), deliveryOptions(config), actor, id);
    switch (result.outcome) {
      case "not-found":
        out(`Aucune demande ${id}.`);
        return 1;
      case "not-quarantined":
        out(`La demande ${id} n'est pas en quarantaine.`);
        return 0;
      case "released": {
        const { reason, sent, failed } = result;
        out(
          `Demande ${id} sortie de la quarantaine (raison : ${reason}). Envois : ${sent} réussi(s), ${failed} échec(s)${failed > 0 ? " ; « retry » les reprendra" : ""}.`,
        );
        return 0;
      }
    }
  },
};

const statusUsage = "Usage : npm run leads -- status ID nouvelle|en-cours|traitee";

export const status: Command = {
  args: "ID STATUT",
  summary: "change le statut d'une demande : STATUT vaut nouvelle, en-cours ou traitee",
  async run([id, word], { actor, out, store }) {
    if (!id || !word) {
      out(statusUsage);
      return 2;
    }
    const next = statusFromWord(word);
    if (!next) {
      out(`Statut inconnu : ${word}. ${statusUsage}`);
      return 2;
    }
    const result = await setLeadStatus(await store(), actor, id, next);
    switch (result.outcome) {
      case "not-found":
        out(`Aucune demande ${id}.`);
        return 1;
      case "unchanged":
        out(`La demande ${id} est déjà « ${statusLabels[next]} ».`);
        return 0;
      case "changed":
        out(`Demande ${id} : « ${statusLabels[result.from]} » devient « ${statusLabels[next]} ».`);
        return 0;
    }
  },
};
