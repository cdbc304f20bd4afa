import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { oneLine } from "../one-line";
import { SchemaTooNewError } from "./migrations";
import { busyTimeoutMs, sqliteCode, sqliteCodes, SqliteDatabase } from "./sqlite-database";
import { SqlLeadStore } from "./sql-store";

// The zero-set-up store: one SQLite file in QUOTE_DATABASE_DIR, created and migrated when it
// opens.

/** The file under QUOTE_DATABASE_DIR that holds the leads, their deliveries and the ledger. */
export const embeddedFileName = "leads.sqlite";

/** Why the embedded file cannot be used, in French, naming it and what to do; nothing written. */
export class EmbeddedStoreError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "EmbeddedStoreError";
  }
}

export async function openEmbeddedStore(
  folder: string,
  /** BACKUP_DIR, where each erasure is also written (erasure-file.ts); null: nowhere else. */
  erasuresDir: string | null = null,
): Promise<SqlLeadStore> {
  const file = join(folder, embeddedFileName);
  let database: SqliteDatabase | undefined;
  try {
    // Only the server's user reads the leads (docs/operations.md).
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    database = new SqliteDatabase(file);
    const store = new SqlLeadStore(database, erasuresDir);
    await store.migrate();
    return store;
  } catch (error) {
    await database?.close();
    throw explain(file, error);
  }
}

/** The error an operator can act on: which file, what is wrong, what to do. */
export function explain(file: string, error: unknown): unknown {
  if (error instanceof SchemaTooNewError || error instanceof EmbeddedStoreError) return error;
  const detail = oneLine(error);
  const say = (message: string) => new EmbeddedStoreError(message, { cause: error });
  switch (sqliteCode(error)) {
    case sqliteCodes.notADatabase:
    case sqliteCodes.corrupt:
      return say(
        `le fichier ${file} n'est pas une base SQLite lisible (${detail}) ; il n'a pas été ` +
          "modifié : restaurez-le depuis une sauvegarde, ou déplacez-le ailleurs pour repartir " +
          "d'une base vide",
      );
    case sqliteCodes.busy:
      return say(
        `le fichier ${file} est verrouillé par un autre processus depuis plus de ` +
          `${busyTimeoutMs / 1000} s : arrêtez le processus bloqué (fuser -v ${file}) puis relancez`,
      );
    case sqliteCodes.full:
      return say(`le disque qui porte ${file} est plein : libérez de la place puis relancez`);
    case sqliteCodes.readonly:
    case sqliteCodes.cantOpen:
      return say(
        `le fichier ${file} ne peut pas être ouvert en écriture (${detail}) : vérifiez les ` +
          "droits du fichier et de son dossier (QUOTE_DATABASE_DIR)",
      );
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "EACCES" || code === "EROFS" || code === "ENOTDIR" || code === "ENOSPC") {
    return say(
      `le dossier des demandes ${join(file, "..")} ne peut pas être créé (${detail}) : ` +
        "vérifiez QUOTE_DATABASE_DIR et ses droits",
    );
  }
  return error;
}
