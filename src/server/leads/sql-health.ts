import type { Database } from "./database";

// What /readyz asks of the store (src/server/http/readiness.ts), on either engine: that it
// takes a write, and that no delivery waits past its time.

/**
 * Resolves once the store has taken a write: an UPDATE that changes no row still needs the
 * write lock (SQLite) or a writable transaction (PostgreSQL), and fails on a read-only file, a
 * full disk's journal or a standby server.
 */
export async function storeTakesWrites(database: Database): Promise<void> {
  await database.once("UPDATE lead_schema_migrations SET version = version WHERE version < 0");
}

/**
 * The deliveries due before `dueBefore` and still pending (quarantined leads aside: they wait for
 * a person), and the oldest one's due time: the delivery runner sweeps every 15 s, so one due long
 * ago means it no longer runs.
 */
export async function overdueDeliveries(
  database: Database,
  dueBefore: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const { rows } = await database.query<{ count: number | string; oldest: string | Date | null }>(
    `SELECT count(*) AS count, min(coalesce(d.next_attempt_at, l.received_at)) AS oldest
     FROM lead_deliveries d JOIN leads l ON l.id = d.lead_id
     WHERE d.state = 'pending' AND l.quarantine IS NULL
       AND coalesce(d.next_attempt_at, l.received_at) < $1`,
    [dueBefore],
  );
  const [row] = rows;
  return {
    count: Number(row?.count ?? 0),
    oldest: row?.oldest ? new Date(row.oldest) : null,
  };
}

/** Every delivery waiting (quarantined leads aside), and when the oldest was due. */
export async function pendingDeliveryQueue(
  database: Database,
  now: Date,
): Promise<{ count: number; oldest: Date | null }> {
  // Due before the far future: every pending one, with the same statement.
  return overdueDeliveries(database, new Date(now.getTime() + 100 * 365 * 86_400_000));
}
