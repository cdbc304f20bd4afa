import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { oneLine } from "../one-line";
import { syncFile, syncFolder } from "./backup-file";

// The erasures' own journal, a file beside the backups: the embedded store's erasures are in its
// audit log, which dies with the store's disk, the very case a restore is for. Each erasure's line
// (its counts and the digests of the erased requests' references, never an address: see
// src/server/leads/actions/erasure.ts) is also appended here, synced, before the erasure commits;
// each backup carries a copy beside it; a restore onto an empty machine reads it
// (src/server/leads/erasure-journal.ts) and erases again what a backup still holds.

/** The file, in BACKUP_DIR and beside each backup. */
export const erasureFileName = "effacements.jsonl";

/** An erasure as the audit log records it, and as this file keeps it, one JSON line each. */
export interface JournalErasure {
  at: string;
  actor: string;
  detail: string | null;
  requestId: string | null;
}

/** One erasure once, whichever journal it came from. */
export const erasureKey = (erasure: JournalErasure) =>
  JSON.stringify([erasure.at, erasure.actor, erasure.detail]);

const line = ({ at, actor, detail, requestId }: JournalErasure) =>
  `${JSON.stringify({ at, actor, detail, requestId })}\n`;

/** Appends `erasures` to `file` and syncs it (and its folder, when this creates it). */
function append(file: string, folder: string, erasures: readonly JournalErasure[]): void {
  const created = !existsSync(file);
  const fd = openSync(file, "a", 0o600);
  try {
    if (erasures.length > 0) writeSync(fd, erasures.map(line).join(""));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  if (created) syncFolder(folder);
}

/** The erasures' file could not be written: the erasure was not made. French, names the file. */
export class ErasureFileError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "ErasureFileError";
  }
}

/**
 * Appends one erasure to the file in `folder` (BACKUP_DIR), synced; throws an ErasureFileError
 * when it cannot, which fails the erasure's transaction: an erasure a restore could not find again
 * is not made.
 */
export function appendErasure(folder: string, erasure: JournalErasure): void {
  const file = join(folder, erasureFileName);
  try {
    // The server user's alone, as BACKUP_DIR (src/server/leads/backup-file.ts).
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    append(file, folder, [erasure]);
  } catch (error) {
    throw new ErasureFileError(
      `le journal des effacements ${file} n'a pas pu être écrit (${oneLine(error)}) : rien n'a été effacé ; vérifiez BACKUP_DIR, son disque et ses droits`,
      { cause: error },
    );
  }
}

const isErasure = (value: unknown): value is JournalErasure => {
  const entry = value as Partial<JournalErasure> | null;
  return (
    typeof entry?.at === "string" &&
    typeof entry.actor === "string" &&
    (typeof entry.detail === "string" || entry.detail === null) &&
    (typeof entry.requestId === "string" || entry.requestId === null)
  );
};

/**
 * The erasures of a file, in its order; null when there is no such file. A line that does not
 * read (the last one, cut by a crash as it was written) is left out: its erasure never committed.
 */
export function readErasureFile(file: string): JournalErasure[] | null {
  if (!existsSync(file)) return null;
  return readFileSync(file, "utf8")
    .split("\n")
    .flatMap((text) => {
      try {
        const value: unknown = JSON.parse(text);
        return isErasure(value) ? [value] : [];
      } catch {
        return [];
      }
    });
}

/**
 * Appends to `file` those of `erasures` it lacks (creating it, empty if need be), never rewriting
 * it: the server may append an erasure of its own meanwhile. Resolves to how many it added.
 */
export function appendMissing(file: string, folder: string, erasures: readonly JournalErasure[]) {
  const known = new Set((readErasureFile(file) ?? []).map(erasureKey));
  const missing = erasures.filter((erasure) => !known.has(erasureKey(erasure)));
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  append(file, folder, missing);
  return missing.length;
}

/** Writes `erasures` as `file`, whole or not at all: a temporary file, synced, renamed. */
export function writeErasureFile(
  file: string,
  folder: string,
  erasures: readonly JournalErasure[],
) {
  const partial = `${file}.${process.pid}.partiel`;
  const fd = openSync(partial, "w", 0o600);
  try {
    writeSync(fd, erasures.map(line).join(""));
  } finally {
    closeSync(fd);
  }
  syncFile(partial);
  renameSync(partial, file);
  syncFolder(folder);
}
