import { dirname, join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import {
  appendMissing,
  erasureFileName,
  erasureKey,
  readErasureFile,
  writeErasureFile,
  type JournalErasure,
} from "./erasure-file";
import { journalErasures } from "./restore-erasures";

// The erasures' file (erasure-file.ts) as a backup keeps it and a restore reads it.

/**
 * After a backup, the erasures' file beside it, and how many erasures it holds. In BACKUP_DIR,
 * the file gets every erasure the backup's own journal records that it lacks (those made before
 * the file existed), appended, created if need be, so that every backup has one. A backup written
 * elsewhere (DOSSIER) gets a file of its own: those, and BACKUP_DIR's.
 */
export function keepErasuresWithBackup(
  backupFile: string,
  backupsDir: string,
): { file: string; erasures: number } {
  const db = new DatabaseSync(backupFile, { readOnly: true });
  let recorded: JournalErasure[];
  try {
    recorded = journalErasures(db, null);
  } finally {
    db.close();
  }
  const folder = dirname(backupFile);
  const file = join(folder, erasureFileName);
  if (resolve(folder) === resolve(backupsDir)) {
    appendMissing(file, folder, recorded);
  } else {
    const kept = [readErasureFile(join(backupsDir, erasureFileName)) ?? [], recorded];
    writeErasureFile(file, folder, union([readErasureFile(file) ?? [], ...kept]));
  }
  return { file, erasures: readErasureFile(file)?.length ?? 0 };
}

/** Every erasure of `lists` once, oldest first. */
function union(lists: readonly (readonly JournalErasure[])[]): JournalErasure[] {
  const seen = new Map<string, JournalErasure>();
  for (const erasure of lists.flat()) {
    if (!seen.has(erasureKey(erasure))) seen.set(erasureKey(erasure), erasure);
  }
  return [...seen.values()].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/** The erasures' files a restore reads: the one beside the backup, and BACKUP_DIR's. */
export interface ErasureFiles {
  /** Each file found, with its erasures. */
  read: { file: string; erasures: JournalErasure[] }[];
  /** Where it looked. */
  looked: string[];
}

export function readErasureFiles(backupFile: string, backupsDir: string): ErasureFiles {
  const looked = [
    ...new Set([join(dirname(backupFile), erasureFileName), join(backupsDir, erasureFileName)]),
  ];
  const read = looked.flatMap((file) => {
    const erasures = readErasureFile(file);
    return erasures === null ? [] : [{ file, erasures }];
  });
  return { read, looked };
}

/** The erasures of every source recorded at or after `since` (every one when null), once each. */
export function erasuresSince(
  sources: readonly (readonly JournalErasure[])[],
  since: string | null,
): JournalErasure[] {
  const from = since === null ? -Infinity : Date.parse(since);
  return union(sources).filter((erasure) => Date.parse(erasure.at) >= from);
}
