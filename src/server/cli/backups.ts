import { basename, join, resolve } from "node:path";
import { formatNumber } from "../../shared/format";
import { BackupError, backupStore } from "../leads/backup-file";
import { embeddedFileName } from "../leads/embedded-store";
import { parisTime } from "../leads/lead-fields";
import { storeKind } from "../leads/open-store";
import { restoreStore, type JournalRead } from "../leads/restore";
import type { CliContext, Command } from "./command";

// `backup` and `restore`, for the embedded store (src/server/leads/backup-file.ts, restore.ts).
// Neither opens the store through `context.store()`: a backup reads the file beside the running
// server with a connection of its own, and a restore needs the file free of every process.

/** PostgreSQL has its own tools, which keep what this file copy could not (docs/leads.md). */
function refusePostgres(out: CliContext["out"], what: string): number {
  out(
    `${what} : les demandes sont dans PostgreSQL (DATABASE_URL), que cette commande ne traite pas. ` +
      'Sauvegardez la base avec pg_dump (pg_dump --format=custom --file=demandes.dump "$DATABASE_URL") ' +
      "ou avec les sauvegardes de votre hébergeur, et restaurez-la avec pg_restore : voir docs/leads.md.",
  );
  return 2;
}

/** « 840 ko », « 12,5 Mo ». */
function sizeText(bytes: number): string {
  const kilobytes = bytes / 1024;
  return kilobytes < 1024
    ? `${formatNumber(kilobytes)} ko`
    : `${formatNumber(kilobytes / 1024)} Mo`;
}

export const backupCommand: Command = {
  args: "[DOSSIER]",
  summary:
    "copie cohérente de la base intégrée, serveur en marche, vérifiée, nommée par sa date (leads-AAAA-MM-JJTHH-MM-SSZ.sqlite) dans BACKUP_DIR (data/backups par défaut) ou DOSSIER ; garde les BACKUP_KEEP plus récentes (14 par défaut)",
  async run([target], { config, out }) {
    if (storeKind(config.store) === "postgres") return refusePostgres(out, "Sauvegarde refusée");
    const folder = target ? resolve(target) : config.backups.dir;
    const { keep } = config.backups;
    let result;
    try {
      result = backupStore(join(config.store.databaseDir, embeddedFileName), folder, keep);
    } catch (error) {
      if (!(error instanceof BackupError)) throw error;
      out(`Sauvegarde impossible : ${error.message}.`);
      return 1;
    }
    out(
      `Sauvegarde écrite : ${result.file} (${sizeText(result.bytes)}, ${result.leads} demande(s)).`,
    );
    if (result.removed.length > 0) {
      out(
        `${result.removed.length} sauvegarde(s) plus ancienne(s) supprimée(s) (BACKUP_KEEP : ${keep}) : ${result.removed.join(", ")}.`,
      );
    }
    return 0;
  },
};

/** The journal's part of a restore, in French: what was erased again, or why nothing could be. */
function journalLines(journal: JournalRead, since: string | null, file: string): string[] {
  const byHand =
    "refaites à la main les effacements faits depuis la sauvegarde (npm run leads -- erase EMAIL)";
  if (journal.state === "missing") {
    return [
      `Aucune base actuelle (${file} n'existe pas) : aucun journal d'effacements n'a pu être lu ; ${byHand}.`,
    ];
  }
  if (journal.state === "unreadable") {
    return [`Le journal de la base actuelle est illisible (${journal.reason}) : ${byHand}.`];
  }
  const from = since === null ? "" : ` depuis le ${parisTime(since)}`;
  if (journal.erasures.length === 0) return [`Aucun effacement dans le journal${from}.`];
  return [
    `Effacement(s) du journal${from}, refait(s) dans la sauvegarde : ${journal.erasures.length}`,
    ...journal.erasures.map((erasure) => {
      const what = `  effacement du ${parisTime(erasure.at)} par ${erasure.actor}`;
      if (erasure.digests === 0) {
        return `${what} : sans empreinte des demandes (consigné par une version précédente) ; à refaire à la main avec npm run leads -- erase EMAIL`;
      }
      const gone = erasure.digests - erasure.erased;
      return `${what} : ${erasure.erased} demande(s) de nouveau supprimée(s)${gone > 0 ? `, ${gone} déjà absente(s) de la sauvegarde` : ""}`;
    }),
  ];
}

export const restoreCommand: Command = {
  args: "FICHIER",
  summary:
    "remet une sauvegarde à la place de la base intégrée, serveur arrêté : la base actuelle est gardée à côté, les effacements faits depuis la sauvegarde sont refaits, le schéma mis à jour",
  async run([target], { config, out }) {
    if (storeKind(config.store) === "postgres") return refusePostgres(out, "Restauration refusée");
    if (!target) {
      out(
        "Usage : npm run leads -- restore FICHIER (une sauvegarde écrite par npm run leads -- backup)",
      );
      return 2;
    }
    let result;
    try {
      result = await restoreStore(config.store.databaseDir, resolve(target));
    } catch (error) {
      if (!(error instanceof BackupError)) throw error;
      out(`Restauration refusée : ${error.message}. Rien n'a été modifié.`);
      return 1;
    }
    const { backup } = result;
    const newest = backup.newest === null ? "aucune" : `le ${parisTime(backup.newest)}`;
    out(
      `Sauvegarde lue : ${resolve(target)} (${backup.leads} demande(s), schéma ${backup.schema}, dernière écriture : ${newest}).`,
    );
    for (const line of journalLines(result.journal, backup.newest, result.file)) out(line);
    if (result.keptAside.length > 0) {
      out(
        `Base remplacée gardée sous ${result.keptAside.map((file) => basename(file)).join(", ")} dans ${config.store.databaseDir} (elle seule a les demandes reçues depuis la sauvegarde).`,
      );
    }
    if (result.migrated.length > 0) {
      out(`Schéma mis à jour : migration(s) ${result.migrated.join(", ")}.`);
    }
    out(
      `Restauration faite : ${result.leads} demande(s) dans ${result.file}. Démarrez le serveur.`,
    );
    return 0;
  },
};
