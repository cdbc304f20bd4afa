import { createHash } from "node:crypto";
import { existsSync, realpathSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { processLogger } from "../log/logger";
import type { QuoteRequest } from "../../shared/quote-request/quote-request";
import type { Queryable } from "./database";
import { searchText } from "./search-fold";
import type { SqliteDatabase } from "./sqlite-database";

// Versions before SQLite kept the embedded leads in PGlite (PostgreSQL compiled to WebAssembly),
// in QUOTE_DATABASE_DIR/pgdata. The first process to open the SQLite file next to such a folder
// moves its leads, deliveries and anti-spam ledger over, once, in one transaction, and counts
// them before and after. The old folder stays until the operator removes it (docs/leads.md).

export const earlierEngineFolder = "pgdata";

export interface ImportReport {
  leads: number;
  deliveries: number;
  ledgerRows: number;
}

type Json = Record<string, unknown>;

/** The earlier engine's tables, as JSON rows (to_jsonb), whatever its schema version was. */
interface EarlierData {
  leads: Json[];
  lead_deliveries: Json[];
  spent_challenges: Json[];
  rate_counters: Json[];
  rate_hits: Json[];
}

const alreadyImported = "SELECT 1 AS done FROM store_imports WHERE source = $1";

/** Imports the earlier engine's data when there is some not imported yet; null otherwise. */
export async function importEarlierEngine(
  folder: string,
  database: SqliteDatabase,
): Promise<ImportReport | null> {
  const pgdata = join(folder, earlierEngineFolder);
  if (!existsSync(join(pgdata, "PG_VERSION"))) return null;
  if ((await database.query(alreadyImported, [earlierEngineFolder])).rowCount > 0) return null;
  await refuseWhileEarlierServerRuns(folder);
  // The write lock is held from here to the end: another process opening the file meanwhile
  // waits, then finds the import done.
  const report = await database.transaction(async (client) => {
    if ((await client.query(alreadyImported, [earlierEngineFolder])).rowCount > 0) return null;
    const data = await readEarlierEngine(pgdata);
    const read: ImportReport = {
      leads: data.leads.length,
      deliveries: data.lead_deliveries.length,
      ledgerRows: data.spent_challenges.length + data.rate_counters.length + data.rate_hits.length,
    };
    const before = await countStored(client);
    await write(client, data);
    const stored = await countStored(client);
    const after: ImportReport = {
      leads: stored.leads - before.leads,
      deliveries: stored.deliveries - before.deliveries,
      ledgerRows: stored.ledgerRows - before.ledgerRows,
    };
    if (JSON.stringify(after) !== JSON.stringify(read)) {
      throw new Error(
        `import de ${pgdata} interrompu, rien n'a été écrit : lu ${JSON.stringify(read)}, ` +
          `écrit ${JSON.stringify(after)}`,
      );
    }
    await client.query(
      `INSERT INTO store_imports (source, imported_at, leads, deliveries, ledger_rows)
       VALUES ($1, $2, $3, $4, $5)`,
      [earlierEngineFolder, new Date(), after.leads, after.deliveries, after.ledgerRows],
    );
    return after;
  });
  if (report) {
    processLogger().info(
      { ...report, from: pgdata },
      `leads carried over from ${pgdata}: ${report.leads} lead(s), ${report.deliveries} ` +
        `deliveries, ${report.ledgerRows} anti-spam row(s), counted before and after; the old ` +
        "folder is kept: remove it once the leads are checked (docs/leads.md)",
    );
  }
  return report;
}

async function readEarlierEngine(pgdata: string): Promise<EarlierData> {
  // Loaded only here, by Node at run time: a site that never had the earlier engine never loads
  // it (its WebAssembly takes hundreds of megabytes), and webpack does not bundle it.
  const { PGlite } = await import(/* webpackIgnore: true */ "@electric-sql/pglite");
  const db = await PGlite.create(pgdata);
  try {
    const table = async (name: keyof EarlierData, order: string): Promise<Json[]> => {
      const exists = await db.query<{ found: boolean }>(
        "SELECT to_regclass($1) IS NOT NULL AS found",
        [name],
      );
      if (!exists.rows[0]?.found) return [];
      const { rows } = await db.query<{ row: Json }>(
        `SELECT to_jsonb(t) AS row FROM ${name} t ORDER BY ${order}`,
      );
      return rows.map((r) => r.row);
    };
    return {
      leads: await table("leads", "seq"),
      lead_deliveries: await table("lead_deliveries", "lead_id, channel"),
      spent_challenges: await table("spent_challenges", "nonce"),
      rate_counters: await table("rate_counters", "key, window_start"),
      rate_hits: await table("rate_hits", "key, window_start, hit"),
    };
  } finally {
    await db.close();
  }
}

/** An instant as PostgreSQL's JSON wrote it, as the store binds it (sqlite-database.ts). */
const instant = (value: unknown): Date | null =>
  value === null || value === undefined ? null : new Date(String(value));
const text = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);
const json = (value: unknown): string | null =>
  value === null || value === undefined ? null : JSON.stringify(value);

async function write(client: Queryable, data: EarlierData): Promise<void> {
  for (const row of data.leads) {
    await client.query(
      `INSERT INTO leads (id, idempotency_key, fingerprint, received_at, request, quarantine,
         request_id, search_text) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        row.id,
        text(row.idempotency_key),
        row.fingerprint,
        instant(row.received_at),
        json(row.request),
        json(row.quarantine),
        text(row.request_id),
        // Its status is the column's default, "new": the earlier engine had none.
        searchText(row.request as QuoteRequest),
      ],
    );
  }
  for (const row of data.lead_deliveries) {
    await client.query(
      `INSERT INTO lead_deliveries (lead_id, channel, state, attempts, next_attempt_at,
         last_error, sent_at, leased_until) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        row.lead_id,
        row.channel,
        row.state,
        row.attempts,
        instant(row.next_attempt_at),
        text(row.last_error),
        instant(row.sent_at),
        instant(row.leased_until),
      ],
    );
  }
  for (const row of data.spent_challenges) {
    await client.query(
      "INSERT INTO spent_challenges (nonce, owner, expires_at, spender) VALUES ($1, $2, $3, $4)",
      [row.nonce, row.owner, instant(row.expires_at), text(row.spender)],
    );
  }
  for (const row of data.rate_counters) {
    await client.query(
      "INSERT INTO rate_counters (key, window_start, window_end, hits) VALUES ($1, $2, $3, $4)",
      [row.key, instant(row.window_start), instant(row.window_end), row.hits],
    );
  }
  for (const row of data.rate_hits) {
    await client.query(
      `INSERT INTO rate_hits (key, window_start, window_end, hit, position)
       VALUES ($1, $2, $3, $4, $5)`,
      [row.key, instant(row.window_start), instant(row.window_end), row.hit, row.position],
    );
  }
}

async function countStored(client: Queryable): Promise<ImportReport> {
  const count = async (table: string) =>
    Number((await client.query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n);
  return {
    leads: await count("leads"),
    deliveries: await count("lead_deliveries"),
    ledgerRows:
      (await count("spent_challenges")) +
      (await count("rate_counters")) +
      (await count("rate_hits")),
  };
}

/**
 * An earlier version's server still running on the folder holds its lock (an abstract Unix
 * socket named after the folder, on Linux): reading the folder beside it could damage it.
 */
async function refuseWhileEarlierServerRuns(folder: string): Promise<void> {
  if (process.platform !== "linux") return;
  const hash = createHash("sha256").update(realpathSync(folder)).digest("hex").slice(0, 32);
  const answered = await new Promise<boolean>((resolve) => {
    const socket = connect(`\0recouvrement-loyers-leads-${hash}`);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
  if (answered) {
    throw new Error(
      `un serveur d'une version précédente utilise encore ${join(folder, earlierEngineFolder)} : ` +
        "arrêtez-le, puis relancez celui-ci, qui reprendra ses demandes",
    );
  }
}

export interface EarlierEngineState {
  folder: string;
  /** When its data was carried over, and how much; null while not imported. */
  imported: { at: string; leads: number; deliveries: number; ledgerRows: number } | null;
}

/** The earlier engine's folder beside the file, if it is still there, and what came of it. */
export async function earlierEngineState(
  folder: string,
  database: SqliteDatabase,
): Promise<EarlierEngineState | null> {
  const pgdata = join(folder, earlierEngineFolder);
  if (!existsSync(pgdata)) return null;
  const { rows } = await database.query<{
    imported_at: string;
    leads: number;
    deliveries: number;
    ledger_rows: number;
  }>("SELECT imported_at, leads, deliveries, ledger_rows FROM store_imports WHERE source = $1", [
    earlierEngineFolder,
  ]);
  const row = rows[0];
  return {
    folder: pgdata,
    imported: row
      ? {
          at: row.imported_at,
          leads: row.leads,
          deliveries: row.deliveries,
          ledgerRows: row.ledger_rows,
        }
      : null,
  };
}
