import { basename, join, resolve } from "node:path";
import { formatNumber } from "../../shared/format";
import { oneLine } from "../one-line";
import { BackupError, backupStore } from "../leads/backup-file";
import { embeddedFileName } from "../leads/embedded-store";
import { parisTime } from "../leads/lead-fields";
import { storeKind } from "../leads/open-store";
import { keepErasuresWithBackup } from "../leads/erasure-journal";
import { restoreStore, type RestoreResult } from "../leads/restore";
import type { CliContext, Command } from "./command-context";

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
    // The erasures' file goes with every backup: a restore on a new disk needs it (docs/leads.md).
    try {
      const kept = keepErasuresWithBackup(result.file, config.backups.dir);
      out(`Journal des effacements à côté : ${kept.file} (${kept.erasures} effacement(s)).`);
    } catch (error) {
      out(
        `Sauvegarde impossible : la sauvegarde ${result.file} est écrite, mais le journal des effacements n'a pas pu être écrit à côté (${oneLine(error)}) : vérifiez le dossier, son disque et ses droits.`,
      );
      return 1;
    }
    return 0;
  },
};

/** Where a restore found the erasures made since the backup, in French, or why it found none. */
function sourceLines({ journal, erasureFiles, file }: RestoreResult): string[] {
  const lines = erasureFiles.map(
    (read) => `Journal des effacements lu : ${read.file} (${read.erasures} effacement(s)).`,
  );
  const then =
    erasureFiles.length > 0
      ? "les effacements sont repris du journal des effacements"
      : "aucun journal d'effacements n'a pu être lu ; refaites à la main les effacements faits depuis la sauvegarde (npm run leads -- erase EMAIL)";
  if (journal.state === "missing") {
    lines.push(`Aucune base actuelle (${file} n'existe pas) : ${then}.`);
  } else if (journal.state === "unreadable") {
    lines.push(`Le journal de la base actuelle est illisible (${journal.reason}) : ${then}.`);
  } else if (erasureFiles.length === 0) {
    lines.push(
      "Sans journal des effacements (--sans-journal-des-effacements) : seuls les effacements du journal de la base actuelle sont refaits.",
    );
  }
  return lines;
}

/** The erasures a restore made again, in French. */
function journalLines(result: RestoreResult, since: string | null): string[] {
  const from = since === null ? "" : ` depuis le ${parisTime(since)}`;
  const { erased } = result;
  const lines = sourceLines(result);
  if (erased.length === 0) return [...lines, `Aucun effacement dans le journal${from}.`];
  return [
    ...lines,
    `Effacement(s) du journal${from}, refait(s) dans la sauvegarde : ${erased.length}`,
    ...erased.map((erasure) => {
      const what = `  effacement du ${parisTime(erasure.at)} par ${erasure.actor}`;
      if (erasure.digests === 0) {
        return `${what} : sans empreinte des demandes (consigné par une version précédente) ; à refaire à la main avec npm run leads -- erase EMAIL`;
      }
      const gone = erasure.digests - erasure.erased;
      return `${what} : ${erasure.erased} demande(s) de nouveau supprimée(s)${gone > 0 ? `, ${gone} déjà absente(s) de la sauvegarde` : ""}`;
    }),
  ];
}

/** Restores without the erasures' file, knowing what it costs (docs/leads.md). */
const withoutErasureFile = "--sans-journal-des-effacements";

export const restoreCommand: Command = {
  args: `[${withoutErasureFile}] FICHIER`,
  summary:
    "remet une sauvegarde à la place de la base intégrée, serveur arrêté : la base actuelle est gardée à côté, les effacements faits depuis la sauvegarde (journal des effacements de BACKUP_DIR ou d'à côté de la sauvegarde, journal de la base actuelle) sont refaits, le schéma mis à jour ; sans journal des effacements, refusée sauf avec --sans-journal-des-effacements",
  async run(args, { config, out }) {
    if (storeKind(config.store) === "postgres") return refusePostgres(out, "Restauration refusée");
    const [target, ...rest] = args.filter((arg) => arg !== withoutErasureFile);
    if (!target || rest.length > 0 || target.startsWith("--")) {
      out(
        `Usage : npm run leads -- restore [${withoutErasureFile}] FICHIER (une sauvegarde écrite par npm run leads -- backup)`,
      );
      return 2;
    }
    let result;
    try {
      result = await restoreStore(config.store.databaseDir, resolve(target), {
        backupsDir: config.backups.dir,
        withoutErasureFile: args.includes(withoutErasureFile),
      });
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
    for (const line of journalLines(result, backup.newest)) out(line);
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
