import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { parisTime } from "../leads/lead-fields";
import { purgeExpired } from "../leads/retention";
import type { Command } from "./command";
import { leadsCsv } from "./lead-text";

// The commands for personal data (RGPD): export (right of access), purge (retention) and erase
// (right to erasure).

export const exportCommand: Command = {
  args: "[--email EMAIL] [FICHIER]",
  summary:
    "écrit les demandes en CSV pour Excel (par défaut demandes-AAAA-MM-JJ.csv ; - : sortie standard) ; avec --email, celles d'une seule personne (droit d'accès)",
  async run(args, { out, store }) {
    const emailAt = args.indexOf("--email");
    const email = emailAt === -1 ? undefined : args[emailAt + 1];
    if (emailAt !== -1 && !email) {
      out("Usage : npm run leads -- export --email EMAIL [FICHIER]");
      return 2;
    }
    const target = args.filter(
      (_, index) => emailAt === -1 || (index !== emailAt && index !== emailAt + 1),
    )[0];
    const opened = await store();
    const leads = email === undefined ? await opened.list() : await opened.findByEmail(email);
    const csv = leadsCsv(leads);
    if (target === "-") {
      process.stdout.write(csv);
      return 0;
    }
    const file = resolve(target ?? `demandes-${new Date().toISOString().slice(0, 10)}.csv`);
    await writeFile(file, csv, "utf8");
    out(`${leads.length} demande(s) écrite(s) dans ${file}`);
    return 0;
  },
};

export const purge: Command = {
  args: "",
  summary:
    "supprime les demandes reçues il y a plus de QUOTE_RETENTION_DAYS jours (1095 par défaut)",
  async run(_args, { config, out, store }) {
    const days = config.retentionDays;
    const { before, deleted } = await purgeExpired(await store(), days);
    out(
      `${deleted} demande(s) reçue(s) avant le ${parisTime(before.toISOString())} supprimée(s) (conservation : ${days} jours).`,
    );
    return 0;
  },
};

export const erase: Command = {
  args: "EMAIL",
  summary:
    "supprime toutes les demandes d'une personne, ses défis anti-robot et ses compteurs (droit à l'effacement)",
  async run([email], { out, store }) {
    if (!email) {
      out("Usage : npm run leads -- erase EMAIL");
      return 2;
    }
    const { leads, challenges, counters } = await (await store()).erase(email);
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
