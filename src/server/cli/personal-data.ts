import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { parisTime } from "../leads/lead-fields";
import { purgeExpired, purgeText } from "../leads/retention";
import { erasePerson, exportLeads, type ExportFilter } from "../leads/actions";
import type { Command } from "./command-context";

// The commands for personal data (RGPD): export (right of access), purge (retention) and erase
// (right to erasure). Export and erase are the inbox's actions (src/server/leads/actions/).

export const exportCommand: Command = {
  args: "[--email EMAIL] [FICHIER]",
  summary:
    "écrit les demandes en CSV pour Excel (par défaut demandes-AAAA-MM-JJ.csv ; - : sortie standard ; un FICHIER en .json : JSON) ; avec --email, celles d'une seule personne (droit d'accès)",
  async run(args, { actor, out, store }) {
    const emailAt = args.indexOf("--email");
    const email = emailAt === -1 ? undefined : args[emailAt + 1];
    if (emailAt !== -1 && !email) {
      out("Usage : npm run leads -- export --email EMAIL [FICHIER]");
      return 2;
    }
    const target = args.filter(
      (_, index) => emailAt === -1 || (index !== emailAt && index !== emailAt + 1),
    )[0];
    const format = target?.toLowerCase().endsWith(".json") ? "json" : "csv";
    const filter: ExportFilter = email === undefined ? {} : { email };
    const { body, count, filename } = await exportLeads(await store(), actor, filter, format);
    if (target === "-") {
      process.stdout.write(body);
      return 0;
    }
    const file = resolve(target ?? filename);
    await writeFile(file, body, "utf8");
    out(`${count} demande(s) écrite(s) dans ${file}`);
    return 0;
  },
};

export const purge: Command = {
  args: "",
  summary:
    "supprime les demandes sans contact avec la personne depuis plus de QUOTE_RETENTION_DAYS jours (1095 par défaut), comptés depuis le dernier contact : l'arrivée, puis chaque note, réponse ou changement de statut",
  async run(_args, { actor, config, out, store }) {
    out(
      `${purgeText(await purgeExpired(await store(), config.retentionDays, new Date(), actor))}.`,
    );
    return 0;
  },
};

export const erase: Command = {
  args: "EMAIL",
  summary:
    "supprime toutes les demandes d'une personne, ses défis anti-robot et ses compteurs (droit à l'effacement)",
  async run([email], { actor, out, store }) {
    if (!email) {
      out("Usage : npm run leads -- erase EMAIL");
      return 2;
    }
    // Typing the address is the confirmation: every request found is erased and listed below
    // (a request saved meanwhile is not in the list and stays; the next erase finds it).
    const result = await erasePerson(await store(), actor, email);
    if (result.outcome !== "erased") throw new Error("an erasure without a count erases");
    const { leads, challenges, counters } = result;
    for (const lead of leads) {
      const { request } = lead;
      out(
        `supprimée : ${lead.id}  ${parisTime(lead.receivedAt)}  ${request.company} — ${request.firstName} ${request.lastName} <${request.email}>`,
      );
    }
    out(
      `${leads.length} demande(s), ${challenges} défi(s) anti-robot et ${counters} compteur(s) supprimé(s) pour ${email}.`,
    );
    return 0;
  },
};
