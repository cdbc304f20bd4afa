import type { DatabaseSync } from "node:sqlite";
import { emailCounterKey } from "../spam/rate-limit";
import { erasedDigests, erasureDigest } from "./actions/erasure";
import { placeholders, type Database, type Transaction } from "./database";
import type { JournalErasure } from "./erasure-file";

// The right to erasure survives a restore: the erasures recorded since the backup was taken, in
// the current store's audit log and in the erasures' file beside the backups (erasure-file.ts),
// are made again in the restored copy (restore.ts). An erasure's line keeps no address and no
// reference, only a digest of each erased request's reference
// (src/server/leads/actions/erasure.ts): the copy's leads are matched by their own digests.

export type { JournalErasure };

/** What re-applying one erasure did to the restored copy. */
export interface ErasureReplay extends JournalErasure {
  /** The digests its line carries: none for a line written before erasures carried them. */
  digests: number;
  /** The backup's leads it erased again (the others were already gone when it was taken). */
  erased: number;
}

/**
 * The erasures the audit log of `db` (the current store, held by restore.ts) records at or after
 * `since`, oldest first; every one when `since` is null. None when the store predates the log.
 */
export function journalErasures(db: DatabaseSync, since: string | null): JournalErasure[] {
  const log = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'audit_log'")
    .get();
  if (!log) return [];
  return db
    .prepare(
      "SELECT at, actor, detail, request_id FROM audit_log WHERE action = 'erase' AND at >= ? ORDER BY seq",
    )
    .all(since ?? "")
    .map((row) => ({
      at: String(row.at),
      actor: String(row.actor),
      detail: row.detail === null ? null : String(row.detail),
      requestId: row.request_id === null ? null : String(row.request_id),
    }));
}

/** Deletes in slices: one statement's values stay far below SQLite's limit. */
async function deleteWhereIn(client: Transaction, sql: string, values: string[]): Promise<void> {
  for (let start = 0; start < values.length; start += 500) {
    const slice = values.slice(start, start + 500);
    await client.query(`${sql} (${placeholders(1, slice.length)})`, slice);
  }
}

/**
 * Erases again, in one transaction, the leads of `database` (the restored copy, migrated) that
 * `erasures` erased, with the spent challenges and counters of their addresses, as
 * src/server/leads/sql-leads.ts erases them; and copies each erasure's audit line into the
 * copy's log, so that a later restore from an older backup finds it there too.
 */
export async function replayErasures(
  database: Database,
  erasures: readonly JournalErasure[],
): Promise<ErasureReplay[]> {
  if (erasures.length === 0) return [];
  return database.transaction(async (client) => {
    const { rows } = await client.query<{ id: string; email: string | null }>(
      "SELECT id, request ->> 'email' AS email FROM leads",
    );
    const byDigest = new Map(rows.map((row) => [erasureDigest(row.id), row]));
    const ids: string[] = [];
    const owners = new Set<string>();
    const replays: ErasureReplay[] = [];
    for (const erasure of erasures) {
      const digests = erasedDigests(erasure.detail);
      const found = digests.flatMap((digest) => byDigest.get(digest) ?? []);
      for (const lead of found) {
        ids.push(lead.id);
        if (lead.email !== null) owners.add(emailCounterKey(lead.email));
      }
      replays.push({ ...erasure, digests: digests.length, erased: found.length });
      const { rows: logged } = await client.query(
        "SELECT 1 FROM audit_log WHERE action = 'erase' AND at = $1 AND actor = $2 AND detail IS $3",
        [erasure.at, erasure.actor, erasure.detail],
      );
      if (logged.length > 0) continue;
      await client.query(
        `INSERT INTO audit_log (at, actor, action, lead_id, detail, request_id)
         VALUES ($1, $2, 'erase', NULL, $3, $4)`,
        [erasure.at, erasure.actor, erasure.detail, erasure.requestId],
      );
    }
    // Deliveries go with their lead (ON DELETE CASCADE).
    await deleteWhereIn(client, "DELETE FROM leads WHERE id IN", ids);
    const keys = [...owners];
    await deleteWhereIn(client, "DELETE FROM spent_challenges WHERE owner IN", keys);
    await deleteWhereIn(client, "DELETE FROM rate_counters WHERE key IN", keys);
    await deleteWhereIn(client, "DELETE FROM rate_hits WHERE key IN", keys);
    return replays;
  });
}
