import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { DatabaseSync } from "node:sqlite";
import { oneLine } from "../one-line";
import { busyTimeoutMs, sqliteCode, sqliteCodes } from "./sqlite-database";

// Backups of the embedded store (`npm run leads -- backup`, src/server/cli/backups.ts), and what
// both the backup and the restore (restore.ts) check in a copy before trusting it.
//
// VACUUM INTO rather than node:sqlite's backup(): VACUUM INTO reads the whole store in one read
// transaction, so the copy is the store as it was at one instant, however busy the server is;
// backup() copies pages in steps and starts over whenever another process writes between two
// steps (Node's documentation says so), which a server saving leads all day would make endless.
// The copy is also compact, with no free pages where deleted rows once were, and a single file
// in SQLite's rollback mode (no -wal beside it) that any SQLite tool opens.

/** Why a backup or a restore cannot go on, in French, naming the file and what to do. */
export class BackupError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "BackupError";
  }
}

/** What a copy of the store holds, read from the copy itself. */
export interface CopyContents {
  leads: number;
  /** The newest migration applied to it (lead_schema_migrations). */
  schema: number;
  /**
   * The latest instant the copy records (a lead received, an audit line), or null when it
   * records none: never later than the moment the copy was taken, whatever its file is named.
   */
  newest: string | null;
}

/** `leads-2026-11-27T09-30-00Z.sqlite`: named by the instant it was taken, in UTC; sorts by it. */
export function backupName(at: Date): string {
  return `leads-${at.toISOString().slice(0, 19).replaceAll(":", "-")}Z.sqlite`;
}

const backupPattern = /^leads-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.sqlite$/;

/** A backup's name as `backupName` writes it: not a partial copy, nor another file. */
export function isBackupName(name: string): boolean {
  return backupPattern.test(name);
}

/** The stamp of `backupName`, for other files named by an instant (restore.ts). */
export function fileStamp(at: Date): string {
  return backupName(at).slice("leads-".length, -".sqlite".length);
}

function sqlite(): typeof import("node:sqlite") {
  // As sqlite-database.ts reaches it: Node's own module, which no bundler needs to know.
  return process.getBuiltinModule("node:sqlite") as typeof import("node:sqlite");
}

/** An existing database file, never created when missing (SQLite would create an empty one). */
export function openExisting(file: string, timeout: number): DatabaseSync {
  const url = pathToFileURL(file);
  url.searchParams.set("mode", "rw");
  return new (sqlite().DatabaseSync)(url, { timeout });
}

/**
 * A copy read as it lies on disk: immutable, so SQLite neither locks it nor writes beside it
 * (no -shm, no -journal), and a file that is not a database is left exactly as it was.
 */
function openCopy(file: string): DatabaseSync {
  const url = pathToFileURL(file);
  url.searchParams.set("immutable", "1");
  return new (sqlite().DatabaseSync)(url, { readOnly: true });
}

/**
 * Checks a copy of the store: a SQLite file that passes `PRAGMA integrity_check` and holds the
 * leads' tables. Throws a BackupError saying what is wrong; never writes to the file.
 */
export function inspectCopy(file: string): CopyContents {
  let db: DatabaseSync | undefined;
  try {
    db = openCopy(file);
    const problems = db
      .prepare("PRAGMA integrity_check(5)")
      .all()
      .map((row) => String(row.integrity_check));
    if (problems.join() !== "ok") {
      throw new BackupError(
        `le fichier ${file} ne passe pas le contrôle d'intégrité de SQLite (${problems.join(" ; ")})`,
      );
    }
    const tables = new Set(
      db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
        .all()
        .map((row) => String(row.name)),
    );
    if (!tables.has("leads") || !tables.has("lead_schema_migrations")) {
      throw new BackupError(
        `le fichier ${file} est une base SQLite, mais pas une sauvegarde des demandes (il n'y a ni table leads ni table lead_schema_migrations)`,
      );
    }
    const one = (sql: string) => Object.values(db!.prepare(sql).get() ?? {})[0] ?? null;
    const instants = [one("SELECT max(received_at) FROM leads")];
    if (tables.has("audit_log")) instants.push(one("SELECT max(at) FROM audit_log"));
    const known = instants.filter((at): at is string => typeof at === "string").sort();
    return {
      leads: Number(one("SELECT count(*) FROM leads")),
      schema: Number(one("SELECT coalesce(max(version), 0) FROM lead_schema_migrations")),
      newest: known.at(-1) ?? null,
    };
  } catch (error) {
    if (error instanceof BackupError) throw error;
    const code = sqliteCode(error);
    if (code === sqliteCodes.notADatabase || code === sqliteCodes.corrupt) {
      throw new BackupError(`le fichier ${file} n'est pas une base SQLite lisible`, {
        cause: error,
      });
    }
    throw new BackupError(`le fichier ${file} ne peut pas être lu (${oneLine(error)})`, {
      cause: error,
    });
  } finally {
    db?.close();
  }
}

/** Makes a rename (or a removal) in `folder` durable, as a commit is. */
export function syncFolder(folder: string): void {
  const fd = openSync(folder, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Makes a file's content durable: SQLite does not sync what VACUUM INTO writes. */
export function syncFile(file: string): void {
  const fd = openSync(file, "r+");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Removes a file SQLite was writing, and what it may have written beside it. */
export function removeWithSidecars(file: string): void {
  for (const suffix of ["", "-journal", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
}

export interface BackupResult {
  file: string;
  bytes: number;
  leads: number;
  /** The older backups removed to keep BACKUP_KEEP, oldest first. */
  removed: string[];
}

/**
 * Copies the store into `folder` while the server runs, under a temporary name, checks the copy,
 * then gives it its dated name and keeps the newest `keep` backups. Any failure removes the
 * partial copy and throws a BackupError.
 */
export function backupStore(
  storeFile: string,
  folder: string,
  keep: number,
  now = new Date(),
): BackupResult {
  if (!existsSync(storeFile)) {
    throw new BackupError(
      `aucune base à sauvegarder : le fichier ${storeFile} n'existe pas (vérifiez QUOTE_DATABASE_DIR)`,
    );
  }
  const notWritable = (error: unknown) =>
    new BackupError(
      `le dossier des sauvegardes ${folder} n'est pas accessible en écriture (${oneLine(error)}) : vérifiez BACKUP_DIR et ses droits`,
      { cause: error },
    );
  const name = backupName(now);
  const file = join(folder, name);
  const partial = join(folder, `.${name}.${process.pid}.partielle`);
  let source: DatabaseSync;
  try {
    source = openExisting(storeFile, busyTimeoutMs);
  } catch (error) {
    throw new BackupError(`la base ${storeFile} ne peut pas être ouverte (${oneLine(error)})`, {
      cause: error,
    });
  }
  try {
    try {
      // Backups hold every lead: the server user's alone (docs/operations.md), as the store.
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      // Created empty first, which VACUUM INTO accepts, so that the copy is the owner's alone
      // whatever the folder's rights and umask say.
      closeSync(openSync(partial, "wx", 0o600));
    } catch (error) {
      throw notWritable(error);
    }
    source.prepare("VACUUM INTO ?").run(partial);
  } catch (error) {
    source.close();
    if (error instanceof BackupError) throw error;
    removeWithSidecars(partial);
    throw explainCopyFailure(error, storeFile, folder, notWritable);
  }
  source.close();
  let leads: number;
  try {
    syncFile(partial);
    leads = inspectCopy(partial).leads;
    renameSync(partial, file);
    syncFolder(folder);
  } catch (error) {
    removeWithSidecars(partial);
    if (error instanceof BackupError) {
      throw new BackupError(`la copie n'est pas gardée : ${error.message}`, { cause: error });
    }
    throw explainCopyFailure(error, storeFile, folder, notWritable);
  }
  return { file, bytes: statSync(file).size, leads, removed: rotate(folder, keep, file) };
}

/** What went wrong while the copy was written, in French (any other error as it came). */
function explainCopyFailure(
  error: unknown,
  storeFile: string,
  folder: string,
  notWritable: (error: unknown) => BackupError,
): unknown {
  const code = sqliteCode(error);
  const errno = (error as { code?: unknown } | null)?.code;
  const say = (message: string) => new BackupError(message, { cause: error });
  if (code === sqliteCodes.full || errno === "ENOSPC") {
    return say(
      `le disque qui porte ${folder} est plein : libérez de la place (ou baissez BACKUP_KEEP) puis relancez`,
    );
  }
  if (code === sqliteCodes.busy) {
    return say(
      `la base ${storeFile} est verrouillée par un autre processus depuis plus de ${busyTimeoutMs / 1000} s (une restauration en cours ?) : relancez quand il a fini`,
    );
  }
  if (code === sqliteCodes.notADatabase || code === sqliteCodes.corrupt) {
    return say(
      `la base ${storeFile} n'est pas lisible (${oneLine(error)}) : restaurez la dernière sauvegarde (npm run leads -- restore)`,
    );
  }
  if (code === sqliteCodes.cantOpen || code === sqliteCodes.readonly) return notWritable(error);
  if (errno === "EACCES" || errno === "EPERM" || errno === "EROFS") return notWritable(error);
  return error;
}

/**
 * Removes the oldest backups past `keep`, only files named as `backupName` names them. The one
 * just written is kept and said to be: a failure here is not a failed backup.
 */
function rotate(folder: string, keep: number, written: string): string[] {
  const backups = readdirSync(folder).filter(isBackupName).sort();
  const removed = backups.slice(0, Math.max(0, backups.length - keep));
  try {
    for (const name of removed) rmSync(join(folder, name), { force: true });
    if (removed.length > 0) syncFolder(folder);
  } catch (error) {
    throw new BackupError(
      `la sauvegarde ${written} est écrite, mais les plus anciennes n'ont pas pu être supprimées (${oneLine(error)}) : vérifiez les droits de ${folder}`,
      { cause: error },
    );
  }
  return removed;
}
