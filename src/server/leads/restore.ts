import {
  chmodSync,
  constants,
  copyFileSync,
  existsSync,
  mkdirSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { join } from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { oneLine } from "../one-line";
import {
  BackupError,
  fileStamp,
  inspectCopy,
  openExisting,
  removeWithSidecars,
  syncFile,
  syncFolder,
  type CopyContents,
} from "./backup-file";
import { dialects } from "./dialect";
import { embeddedFileName } from "./embedded-store";
import { erasuresSince, readErasureFiles } from "./erasure-journal";
import { SchemaTooNewError } from "./migrations";
import {
  journalErasures,
  replayErasures,
  type ErasureReplay,
  type JournalErasure,
} from "./restore-erasures";
import { SqlLeadStore } from "./sql-store";
import { sqliteCode, sqliteCodes, SqliteDatabase } from "./sqlite-database";

// `npm run leads -- restore FICHIER` (src/server/cli/backups.ts): a backup put back in place of
// the embedded store, which is kept aside, never deleted. Everything is checked and prepared
// before the store is touched: a refusal changes nothing.

/**
 * How long the restore waits for the store's lock. A server holds it for as long as it runs, so
 * waiting longer would not change the answer; one second covers a command that is just ending.
 */
const lockTimeoutMs = 1000;

/** What the current store's journal gave. */
export type JournalRead =
  /** Its erasures since the backup are among those re-applied to the restored copy. */
  | { state: "read" }
  /** No current store (its disk died): no erasure could be re-applied. */
  | { state: "missing" }
  /** A current store that SQLite cannot read: no erasure could be re-applied. */
  | { state: "unreadable"; reason: string };

export interface RestoreResult {
  /** The store, once restored. */
  file: string;
  backup: CopyContents;
  journal: JournalRead;
  /** The erasures' files read (erasure-file.ts), with how many erasures each holds. */
  erasureFiles: { file: string; erasures: number }[];
  /** Every erasure since the backup, from the store's journal and the files, made again. */
  erased: ErasureReplay[];
  /** The store's files as they were before, renamed aside; none when there was no store. */
  keptAside: string[];
  /** The migrations applied to the backup, which an older version of the code wrote. */
  migrated: number[];
  /** The leads in the restored store, erasures re-applied. */
  leads: number;
}

/**
 * Takes the store's file for this process alone, or throws SQLITE_BUSY while another process has
 * it open. Every connection to a database in WAL mode (the server's, another `npm run leads`)
 * holds a shared lock on its file for as long as it is open, idle or not; in exclusive locking
 * mode, SQLite needs the file's exclusive lock before it reads the WAL, and keeps it until the
 * connection closes, so no server can start meanwhile. A plain BEGIN EXCLUSIVE would not do: in
 * WAL mode it only keeps other writers out, and an idle server writes nothing.
 */
function holdStore(file: string): DatabaseSync {
  const db = openExisting(file, lockTimeoutMs);
  try {
    db.exec("PRAGMA locking_mode = EXCLUSIVE");
    db.exec("BEGIN EXCLUSIVE");
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

const unreadable = (error: unknown) => {
  const code = sqliteCode(error);
  return code === sqliteCodes.notADatabase || code === sqliteCodes.corrupt;
};

/**
 * The store's lock and the erasures its journal records at or after `since`; throws a
 * BackupError while another process holds the store.
 */
function readCurrentStore(
  file: string,
  since: string | null,
): { lock: DatabaseSync | undefined; erasures: JournalErasure[]; journal: JournalRead } {
  if (!existsSync(file)) return { lock: undefined, erasures: [], journal: { state: "missing" } };
  let lock: DatabaseSync;
  try {
    lock = holdStore(file);
  } catch (error) {
    if (sqliteCode(error) === sqliteCodes.busy) {
      throw new BackupError(
        `la base ${file} est ouverte par un autre processus (le serveur, ou une commande npm run leads) : arrêtez-le (fuser -v ${file} le nomme) puis relancez`,
        { cause: error },
      );
    }
    if (!unreadable(error)) throw error;
    return {
      lock: undefined,
      erasures: [],
      journal: { state: "unreadable", reason: oneLine(error) },
    };
  }
  try {
    const erasures = journalErasures(lock, since);
    // The lock stays: exclusive locking mode keeps it past the transaction, until close.
    lock.exec("COMMIT");
    return { lock, erasures, journal: { state: "read" } };
  } catch (error) {
    if (lock.isTransaction) lock.exec("ROLLBACK");
    if (!unreadable(error)) {
      lock.close();
      throw error;
    }
    return { lock, erasures: [], journal: { state: "unreadable", reason: oneLine(error) } };
  }
}

export interface RestoreOptions {
  /** BACKUP_DIR, where the erasures' file is kept besides the backup's own folder. */
  backupsDir: string;
  /** `--sans-journal-des-effacements`: restore even with no erasures' file found. */
  withoutErasureFile?: boolean;
}

/** The refusal when no erasures' file is found: what is at stake, and the two ways on. */
function missingErasureFile(looked: readonly string[]): BackupError {
  return new BackupError(
    `aucun journal des effacements (${looked.join(", ")} : introuvable). Sans lui, les personnes effacées depuis la sauvegarde reviendraient dans la base restaurée, et si la base actuelle est perdue, rien ne le dirait. ` +
      "Remettez ce fichier à côté de la sauvegarde (depuis l'autre disque ou la copie distante des sauvegardes) ; " +
      "ou, si vous l'avez perdu, relancez avec --sans-journal-des-effacements et refaites à la main les effacements faits depuis la sauvegarde (npm run leads -- erase EMAIL)",
  );
}

/**
 * Restores `backupFile` as the embedded store of `folder`: refused (BackupError, nothing changed)
 * for a file that is not a sound backup, of a schema newer than the code, without the erasures'
 * file unless told, or while another process holds the store. Otherwise the copy is migrated and
 * the erasures made since the backup re-applied to it first, then the store is renamed aside and
 * the copy takes its place.
 */
export async function restoreStore(
  folder: string,
  backupFile: string,
  options: RestoreOptions,
  now = new Date(),
): Promise<RestoreResult> {
  if (!existsSync(backupFile)) throw new BackupError(`le fichier ${backupFile} n'existe pas`);
  // Its WAL would hold part of it, which a copy of the file alone would lose.
  if (existsSync(`${backupFile}-wal`) && statSync(`${backupFile}-wal`).size > 0) {
    throw new BackupError(
      `le fichier ${backupFile} a un journal ${backupFile}-wal à côté : c'est une base ouverte, pas une sauvegarde (npm run leads -- backup en fait une)`,
    );
  }
  const backup = inspectCopy(backupFile);
  const known = Math.max(0, ...dialects.sqlite.migrations.map((migration) => migration.version));
  if (backup.schema > known) {
    throw new BackupError(new SchemaTooNewError(backupFile, backup.schema, known).message);
  }
  // The store's own journal dies with its disk: the erasures' file beside the backups does not.
  const files = readErasureFiles(backupFile, options.backupsDir);
  if (files.read.length === 0 && !options.withoutErasureFile) {
    throw missingErasureFile(files.looked);
  }
  const file = join(folder, embeddedFileName);
  const aside = join(folder, `leads-avant-restauration-${fileStamp(now)}.sqlite`);
  if (existsSync(aside)) throw new BackupError(`${aside} existe déjà : relancez dans une seconde`);
  // A new disk has no folder yet; the server user's alone, as embedded-store.ts creates it.
  mkdirSync(folder, { recursive: true, mode: 0o700 });

  // The journal is read from `since`, the latest instant the backup records: it is no later than
  // the backup itself, so no erasure made after it is missed. One made just before it is listed
  // too, and finds its leads already gone: erasing by digest twice erases nothing more.
  const { lock, erasures, journal } = readCurrentStore(file, backup.newest);
  const partial = join(folder, `.${embeddedFileName}.restauration-${process.pid}`);
  let migrated: number[];
  let replayed: ErasureReplay[];
  let leads: number;
  try {
    copyFileSync(backupFile, partial, constants.COPYFILE_EXCL);
    chmodSync(partial, 0o600);
    const copy = new SqlLeadStore(new SqliteDatabase(partial));
    try {
      migrated = await copy.migrate();
      const sinceBackup = erasuresSince(
        [erasures, ...files.read.map((read) => read.erasures)],
        backup.newest,
      );
      replayed = await replayErasures(copy.database, sinceBackup);
      const { rows } = await copy.database.query<{ n: number }>("SELECT count(*) AS n FROM leads");
      leads = Number(rows[0]?.n ?? 0);
    } finally {
      // The last connection's close writes the WAL into the file and removes it.
      await copy.close();
    }
    if (existsSync(`${partial}-wal`) && statSync(`${partial}-wal`).size > 0) {
      throw new Error(`${partial}-wal is still there after its last connection closed`);
    }
    rmSync(`${partial}-shm`, { force: true });
    syncFile(partial);
  } catch (error) {
    removeWithSidecars(partial);
    lock?.close();
    if (error instanceof BackupError) throw error;
    throw new BackupError(
      `la sauvegarde n'a pas pu être préparée dans ${folder} (${oneLine(error)})`,
      { cause: error },
    );
  }

  if (lock) {
    lock.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    lock.close();
  }
  // Right after the lock is let go, with nothing awaited in between: a WAL or shared-memory file
  // left by the old store must not meet the new one, so they go aside with it.
  const keptAside: string[] = [];
  try {
    for (const suffix of ["", "-wal", "-shm"]) {
      if (!existsSync(file + suffix)) continue;
      renameSync(file + suffix, aside + suffix);
      keptAside.push(file + suffix);
    }
    renameSync(partial, file);
  } catch (error) {
    // Each file back where it was: the store as it was, or none as there was none.
    for (const moved of keptAside) renameSync(aside + moved.slice(file.length), moved);
    removeWithSidecars(partial);
    throw new BackupError(
      `les fichiers de ${folder} n'ont pas pu être renommés (${oneLine(error)})`,
      { cause: error },
    );
  }
  syncFolder(folder);
  return {
    file,
    backup,
    journal,
    erasureFiles: files.read.map((read) => ({ file: read.file, erasures: read.erasures.length })),
    erased: replayed,
    keptAside: keptAside.map((moved) => aside + moved.slice(file.length)),
    migrated,
    leads,
  };
}
