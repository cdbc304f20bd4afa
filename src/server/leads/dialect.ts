import type { Engine, Migration } from "./database";
import { postgresMigrations } from "./migrations-postgres";
import { sqliteMigrations } from "./migrations-sqlite";

// What PostgreSQL and SQLite write differently, and only that: every other statement of the
// store is written once (sql-leads.ts, sql-deliveries.ts, sql-ledger.ts) and runs on both.

/**
 * Channels claimed by one delivery run at most (about ten leads): a run stays well within its
 * lease, the next one takes the rest.
 */
export const claimBatch = 30;

export interface Dialect {
  /** Each lead's deliveries as one JSON object keyed by channel, for `l` a row of leads. */
  deliveriesOf: string;
  /** Ends erase's SELECT: the rows read stay locked until the transaction ends. */
  lockRead: string;
  /**
   * Leases the due deliveries ($1 now, $2 the lease's end, $3 true to ignore the back-off, $4 a
   * lead's id to claim that lead's alone, or null) and returns their lead_id and channel, two
   * processes never claiming the same one.
   */
  claimDue: string;
  migrations: readonly Migration[];
  /** Runs first in migrate's transaction, so that two processes migrating apply each step once. */
  migrationLock: string | null;
  /** One row when the table named $1 exists. */
  tableExists: string;
}

const dueDeliveries = `
  SELECT d.lead_id, d.channel FROM lead_deliveries d JOIN leads l ON l.id = d.lead_id
  WHERE d.state = 'pending' AND l.quarantine IS NULL
    AND (d.leased_until IS NULL OR d.leased_until <= $1)
    AND ($3 OR d.next_attempt_at IS NULL OR d.next_attempt_at <= $1)
    AND (d.lead_id = $4 OR $4 IS NULL)
  ORDER BY l.seq
  LIMIT ${claimBatch}`;

export const dialects: Record<Engine, Dialect> = {
  postgres: {
    deliveriesOf: `(SELECT jsonb_object_agg(d.channel, jsonb_build_object(
        'state', d.state, 'attempts', d.attempts, 'nextAttemptAt', d.next_attempt_at,
        'lastError', d.last_error, 'sentAt', d.sent_at))
      FROM lead_deliveries d WHERE d.lead_id = l.id)`,
    // Many processes write at once: a lead saved meanwhile by the same person is not erased
    // unseen, and the rows erased cannot change between the read and the delete.
    lockRead: "FOR UPDATE OF l",
    // FOR UPDATE SKIP LOCKED: a second process running the same query at the same moment skips
    // the rows this one is claiming instead of waiting for them, then finds them leased.
    claimDue: `
      WITH due AS (${dueDeliveries} FOR UPDATE OF d SKIP LOCKED)
      UPDATE lead_deliveries d SET leased_until = $2
      FROM due WHERE d.lead_id = due.lead_id AND d.channel = due.channel
      RETURNING d.lead_id, d.channel`,
    migrations: postgresMigrations,
    // Any constant shared by every process, held until the transaction ends.
    migrationLock: "SELECT pg_advisory_xact_lock(4246813)",
    tableExists: "SELECT 1 AS found WHERE to_regclass($1) IS NOT NULL",
  },
  sqlite: {
    deliveriesOf: `(SELECT json_group_object(d.channel, json_object(
        'state', d.state, 'attempts', d.attempts, 'nextAttemptAt', d.next_attempt_at,
        'lastError', d.last_error, 'sentAt', d.sent_at))
      FROM lead_deliveries d WHERE d.lead_id = l.id)`,
    // One writer at a time for the whole file: a transaction (BEGIN IMMEDIATE) already excludes
    // every other write until it ends.
    lockRead: "",
    // One statement is one write: no other process writes between the SELECT and the UPDATE.
    claimDue: `
      UPDATE lead_deliveries SET leased_until = $2
      WHERE (lead_id, channel) IN (${dueDeliveries})
      RETURNING lead_id, channel`,
    migrations: sqliteMigrations,
    // BEGIN IMMEDIATE (sqlite-database.ts) already holds the file's write lock.
    migrationLock: null,
    tableExists: "SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = $1",
  },
};
