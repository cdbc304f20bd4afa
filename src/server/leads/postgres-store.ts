import pg from "pg";
import type { QuoteRequest } from "../../shared/quote-request/quote-request";
import type { Channel, ClaimOptions, Delivery, Lead, LeadStore, SaveResult } from "./lead-store";
import { processLogger } from "../log/logger";
import { oneLine } from "../one-line";
import { emailCounterKey } from "../spam/rate-limit";
import { latestVersion, migrations } from "./postgres-migrations";

// The production store (DATABASE_URL): every process and function instance shares one database,
// whose UNIQUE idempotency key and row locks do what the file store's in-process lock cannot.

/** Thrown while the database lacks the schema: the endpoint answers 500 and logs this message. */
export class SchemaMissingError extends Error {
  constructor(found: number) {
    super(
      `PostgreSQL schema for leads is at version ${found}, ${latestVersion} is needed: ` +
        "run `npm run leads -- migrate` with the same DATABASE_URL",
    );
    this.name = "SchemaMissingError";
  }
}

/**
 * Channels claimed by one delivery run at most (about ten leads): a run stays well within its
 * lease, the next one takes the rest.
 */
const claimBatch = 30;

const migrationsTable = "lead_schema_migrations";
// Any constant shared by every process: two `migrate` runs at once then apply each step once.
const migrationLockKey = 4_246_813;

interface LeadRow {
  id: string;
  idempotency_key: string | null;
  fingerprint: string;
  received_at: Date;
  request: QuoteRequest;
  quarantine: { reason: string } | null;
  request_id: string | null;
  deliveries: Record<string, RawDelivery> | null;
}

/** A delivery as `jsonb_build_object` writes it: dates as PostgreSQL's text, not JS's ISO form. */
interface RawDelivery {
  state: Delivery["state"];
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  sentAt: string | null;
}

const leadColumns = `
  l.id, l.idempotency_key, l.fingerprint, l.received_at, l.request, l.quarantine, l.request_id,
  (SELECT jsonb_object_agg(d.channel, jsonb_build_object(
      'state', d.state, 'attempts', d.attempts, 'nextAttemptAt', d.next_attempt_at,
      'lastError', d.last_error, 'sentAt', d.sent_at))
    FROM lead_deliveries d WHERE d.lead_id = l.id) AS deliveries`;

export interface PostgresStoreOptions {
  /** Connections per process; a function instance serves one request at a time, so 1 is enough there. */
  maxConnections?: number;
}

export class PostgresLeadStore implements LeadStore {
  readonly pool: pg.Pool;
  private schemaChecked = false;

  constructor(connectionString: string, options: PostgresStoreOptions = {}) {
    this.pool = new pg.Pool({
      connectionString,
      max: options.maxConnections ?? 10,
      // An unreachable database fails the request in seconds (a French 500) instead of hanging it.
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
    });
    // A pooled connection that the server drops (restart, failover) emits here while idle; with
    // no listener Node would end the whole process. The pool replaces it at the next query.
    this.pool.on("error", (error) => {
      processLogger().warn(`idle PostgreSQL connection lost: ${oneLine(error)}`);
    });
  }

  /** Applies every migration not applied yet, each in its own transaction. Returns their versions. */
  async migrate(): Promise<number[]> {
    const client = await this.pool.connect();
    client.on("error", ignoreClientError);
    try {
      await client.query("SELECT pg_advisory_lock($1)", [migrationLockKey]);
      await client.query(
        `CREATE TABLE IF NOT EXISTS ${migrationsTable} (
           version integer PRIMARY KEY, description text NOT NULL,
           applied_at timestamptz NOT NULL DEFAULT now())`,
      );
      const applied = new Set(
        (
          await client.query<{ version: number }>(`SELECT version FROM ${migrationsTable}`)
        ).rows.map((row) => row.version),
      );
      const done: number[] = [];
      for (const migration of migrations) {
        if (applied.has(migration.version)) continue;
        await client.query("BEGIN");
        try {
          await client.query(migration.sql);
          await client.query(
            `INSERT INTO ${migrationsTable} (version, description) VALUES ($1, $2)`,
            [migration.version, migration.description],
          );
          await client.query("COMMIT");
        } catch (error) {
          await client.query("ROLLBACK");
          throw error;
        }
        done.push(migration.version);
      }
      this.schemaChecked = true;
      return done;
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [migrationLockKey]).catch(() => {});
      client.removeListener("error", ignoreClientError);
      client.release();
    }
  }

  /** The schema version in the database: 0 when `migrate` never ran. */
  async schemaVersion(): Promise<number> {
    const { rows } = await this.query<{ version: number | null }>(
      `SELECT CASE WHEN to_regclass('${migrationsTable}') IS NULL THEN 0 END AS version`,
    );
    if (rows[0]?.version === 0) return 0;
    const result = await this.query<{ version: number | null }>(
      `SELECT max(version) AS version FROM ${migrationsTable}`,
    );
    return result.rows[0]?.version ?? 0;
  }

  // Checked once per process, at first use rather than at start: a functions host starts an
  // instance per request burst, and the error then reaches the log of the request that met it.
  // A failed check is not remembered, so running `migrate` is enough, without a restart.
  private async ready(): Promise<void> {
    if (this.schemaChecked) return;
    const version = await this.schemaVersion();
    if (version < latestVersion) {
      const error = new SchemaMissingError(version);
      processLogger().error(error.message);
      throw error;
    }
    this.schemaChecked = true;
  }

  async save(lead: Lead): Promise<SaveResult> {
    await this.ready();
    const values = [
      lead.id,
      lead.idempotencyKey,
      lead.fingerprint,
      lead.receivedAt,
      JSON.stringify(lead.request),
      lead.quarantine === null ? null : JSON.stringify(lead.quarantine),
      JSON.stringify(
        deliveryEntries(lead.deliveries).map(([channel, delivery]) => ({ channel, ...delivery })),
      ),
      lead.requestId,
    ];
    // One statement, so one transaction and one round trip: the lead and its deliveries are
    // committed together or not at all, and the visitor's 201 waits for that commit. ON CONFLICT
    // DO NOTHING waits for a concurrent insert of the same key to commit or roll back, so two
    // processes racing with one request end with one row and one "created".
    const statement = `
      WITH inserted AS (
        INSERT INTO leads
          (id, idempotency_key, fingerprint, received_at, request, quarantine, request_id)
        VALUES ($1, $2, $3, $4, $5, $6, $8)
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING id),
      deliveries AS (
        INSERT INTO lead_deliveries
          (lead_id, channel, state, attempts, next_attempt_at, last_error, sent_at)
        SELECT inserted.id, d.channel, d.state, d.attempts, d."nextAttemptAt", d."lastError",
               d."sentAt"
        FROM inserted, jsonb_to_recordset($7::jsonb) AS d(channel text, state text,
          attempts integer, "nextAttemptAt" timestamptz, "lastError" text, "sentAt" timestamptz)
        RETURNING 1)
      SELECT (SELECT count(*) FROM inserted)::integer AS created`;
    // Tried again on a dead connection only with a key: if the first try's commit went through
    // unanswered, the second finds the key and answers "replayed"; without a key it would store
    // the lead twice.
    const { rows } =
      lead.idempotencyKey === null
        ? await this.pool.query<{ created: number }>(statement, values)
        : await this.query<{ created: number }>(statement, values);
    if (rows[0]?.created === 1) return { outcome: "created", lead };
    const existing = await this.getByKey(lead.idempotencyKey);
    if (existing === undefined) throw new Error("idempotency key conflict without a stored lead");
    return existing.fingerprint === lead.fingerprint
      ? { outcome: "replayed", lead: existing }
      : { outcome: "conflict" };
  }

  /** `pool.query`, tried once more on a fresh connection when the first one was already dead. */
  /**
   * Runs `work` in one transaction on one pooled connection (purge and erase delete from several
   * tables: all or nothing). Resolves once committed.
   */
  private async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    client.on("error", ignoreClientError);
    let broken: Error | undefined;
    try {
      await client.query("BEGIN");
      const result = await work(client);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      broken = error instanceof Error ? error : new Error(String(error));
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    } finally {
      client.removeListener("error", ignoreClientError);
      // A connection that failed is closed rather than handed to the next request.
      client.release(broken && isConnectionError(broken) ? broken : undefined);
    }
  }

  private async query<R extends pg.QueryResultRow>(
    text: string,
    values?: unknown[],
  ): Promise<pg.QueryResult<R>> {
    try {
      return await this.pool.query<R>(text, values);
    } catch (error) {
      // Each query here is safe to run twice: reads, an upsert, and a claim whose lost answer
      // only leaves leads leased until the lease ends.
      if (!isConnectionError(error)) throw error;
      return this.pool.query<R>(text, values);
    }
  }

  async findByKey(key: string): Promise<Lead | undefined> {
    await this.ready();
    return this.getByKey(key);
  }

  private async getByKey(key: string | null): Promise<Lead | undefined> {
    if (key === null) return undefined;
    const { rows } = await this.query<LeadRow>(
      `SELECT ${leadColumns} FROM leads l WHERE l.idempotency_key = $1`,
      [key],
    );
    return rows[0] && toLead(rows[0]);
  }

  async get(id: string): Promise<Lead | undefined> {
    await this.ready();
    // Not a uuid: no such lead (PostgreSQL would otherwise refuse the query).
    if (!uuidPattern.test(id)) return undefined;
    const { rows } = await this.query<LeadRow>(
      `SELECT ${leadColumns} FROM leads l WHERE l.id = $1`,
      [id],
    );
    return rows[0] && toLead(rows[0]);
  }

  async list(): Promise<Lead[]> {
    await this.ready();
    const { rows } = await this.query<LeadRow>(`SELECT ${leadColumns} FROM leads l ORDER BY l.seq`);
    return rows.map(toLead);
  }

  async claimDue(now: Date, leaseMs: number, options: ClaimOptions = {}): Promise<Lead[]> {
    await this.ready();
    // FOR UPDATE SKIP LOCKED: a second process running the same query at the same moment skips
    // the rows this one is claiming instead of waiting for them, then finds them leased.
    const claimed = await this.query<{ lead_id: string; channel: Channel }>(
      `WITH due AS (
         SELECT d.lead_id, d.channel FROM lead_deliveries d JOIN leads l ON l.id = d.lead_id
         WHERE d.state = 'pending' AND l.quarantine IS NULL
           AND (d.leased_until IS NULL OR d.leased_until <= $1)
           AND ($3 OR d.next_attempt_at IS NULL OR d.next_attempt_at <= $1)
         ORDER BY l.seq
         LIMIT ${claimBatch}
         FOR UPDATE OF d SKIP LOCKED)
       UPDATE lead_deliveries d SET leased_until = $2
       FROM due WHERE d.lead_id = due.lead_id AND d.channel = due.channel
       RETURNING d.lead_id, d.channel`,
      [now, new Date(now.getTime() + leaseMs), options.ignoreBackOff === true],
    );
    if (claimed.rows.length === 0) return [];
    const channels = new Map<string, Set<Channel>>();
    for (const { lead_id, channel } of claimed.rows) {
      channels.set(lead_id, (channels.get(lead_id) ?? new Set()).add(channel));
    }
    const { rows } = await this.query<LeadRow>(
      `SELECT ${leadColumns} FROM leads l WHERE l.id = ANY($1::uuid[]) ORDER BY l.seq`,
      [[...channels.keys()]],
    );
    return rows.map((row) => {
      const lead = toLead(row);
      const mine = channels.get(lead.id)!;
      const deliveries = Object.fromEntries(
        Object.entries(lead.deliveries).filter(([channel]) => mine.has(channel as Channel)),
      );
      return { ...lead, deliveries };
    });
  }

  async recordDelivery(id: string, channel: Channel, delivery: Delivery): Promise<void> {
    await this.ready();
    await this.query(
      `INSERT INTO lead_deliveries
         (lead_id, channel, state, attempts, next_attempt_at, last_error, sent_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (lead_id, channel) DO UPDATE SET
         state = EXCLUDED.state, attempts = EXCLUDED.attempts,
         next_attempt_at = EXCLUDED.next_attempt_at, last_error = EXCLUDED.last_error,
         sent_at = EXCLUDED.sent_at, leased_until = NULL`,
      [id, channel, ...deliveryValues(delivery)],
    );
  }

  async spendChallenge(
    nonce: string,
    expiresAt: Date,
    owner: string,
    spender: string | null = null,
  ): Promise<boolean> {
    await this.ready();
    // The primary key decides between two processes spending one nonce at once: one row. The
    // other gets a row back only when it is the same spender (the conflict waits for the first
    // insert to commit, then the WHERE compares); NULL never equals NULL. Challenges past their
    // expiry are forgotten on the way (the index keeps it cheap).
    const { rowCount } = await this.query(
      `WITH expired AS (DELETE FROM spent_challenges WHERE expires_at < now())
       INSERT INTO spent_challenges (nonce, owner, expires_at, spender) VALUES ($1, $2, $3, $4)
       ON CONFLICT (nonce) DO UPDATE SET spender = EXCLUDED.spender
         WHERE spent_challenges.spender = EXCLUDED.spender`,
      [nonce, owner, expiresAt, spender],
    );
    return rowCount === 1;
  }

  async countHit(
    key: string,
    windowStart: Date,
    windowEnd: Date,
    hit: string | null = null,
  ): Promise<number> {
    await this.ready();
    const count = `WITH ended AS (DELETE FROM rate_counters WHERE window_end <= $2)
       INSERT INTO rate_counters (key, window_start, window_end, hits) VALUES ($1, $2, $3, 1)
       ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_counters.hits + 1
       RETURNING hits`;
    if (hit === null) {
      const { rows } = await this.query<{ hits: number }>(count, [key, windowStart, windowEnd]);
      return rows[0]?.hits ?? 1;
    }
    // The hit's row first: a second copy of the request inserting it at the same moment waits
    // for this transaction to commit, then reads the position this one recorded.
    return this.transaction(async (client) => {
      const claimed = await client.query(
        `WITH ended AS (DELETE FROM rate_hits WHERE window_end <= $2)
         INSERT INTO rate_hits (key, window_start, window_end, hit, position)
         VALUES ($1, $2, $3, $4, 0) ON CONFLICT (key, window_start, hit) DO NOTHING`,
        [key, windowStart, windowEnd, hit],
      );
      if (claimed.rowCount !== 1) {
        const { rows } = await client.query<{ position: number }>(
          "SELECT position FROM rate_hits WHERE key = $1 AND window_start = $2 AND hit = $3",
          [key, windowStart, hit],
        );
        return rows[0]?.position ?? 1;
      }
      const { rows } = await client.query<{ hits: number }>(count, [key, windowStart, windowEnd]);
      const hits = rows[0]?.hits ?? 1;
      await client.query(
        "UPDATE rate_hits SET position = $4 WHERE key = $1 AND window_start = $2 AND hit = $3",
        [key, windowStart, hit, hits],
      );
      return hits;
    });
  }

  async release(id: string): Promise<Lead | undefined> {
    await this.ready();
    if (!uuidPattern.test(id)) return undefined;
    const { rows } = await this.query<LeadRow>(
      `UPDATE leads l SET quarantine = NULL WHERE l.id = $1 RETURNING ${leadColumns}`,
      [id],
    );
    return rows[0] && toLead(rows[0]);
  }

  async purge(before: Date, now: Date): Promise<number> {
    await this.ready();
    return this.transaction(async (client) => {
      // Deliveries go with their lead (ON DELETE CASCADE).
      const leads = await client.query("DELETE FROM leads WHERE received_at < $1", [before]);
      await client.query("DELETE FROM spent_challenges WHERE expires_at < $1", [now]);
      await client.query("DELETE FROM rate_counters WHERE window_end <= $1", [now]);
      await client.query("DELETE FROM rate_hits WHERE window_end <= $1", [now]);
      return leads.rowCount ?? 0;
    });
  }

  async findByEmail(email: string): Promise<Lead[]> {
    await this.ready();
    const { rows } = await this.query<LeadRow>(
      `SELECT ${leadColumns} FROM leads l
       WHERE lower(l.request->>'email') = lower($1) ORDER BY l.seq`,
      [email.trim()],
    );
    return rows.map(toLead);
  }

  async erase(email: string): Promise<{ leads: Lead[]; challenges: number; counters: number }> {
    await this.ready();
    const owner = emailCounterKey(email);
    return this.transaction(async (client) => {
      const { rows } = await client.query<LeadRow>(
        `SELECT ${leadColumns} FROM leads l
         WHERE lower(l.request->>'email') = lower($1) ORDER BY l.seq FOR UPDATE OF l`,
        [email.trim()],
      );
      await client.query("DELETE FROM leads WHERE id = ANY($1::uuid[])", [rows.map((r) => r.id)]);
      const challenges = await client.query("DELETE FROM spent_challenges WHERE owner = $1", [
        owner,
      ]);
      const counters = await client.query("DELETE FROM rate_counters WHERE key = $1", [owner]);
      await client.query("DELETE FROM rate_hits WHERE key = $1", [owner]);
      return {
        leads: rows.map(toLead),
        challenges: challenges.rowCount ?? 0,
        counters: counters.rowCount ?? 0,
      };
    });
  }

  /** One round trip to the database, for `npm run leads -- check`. */
  async ping(): Promise<void> {
    await this.query("SELECT 1");
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

function ignoreClientError(): void {}

/** The connection itself failed (server gone, restarted, unreachable), not the statement. */
function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: string }).code ?? "";
  return (
    /^(ECONNRESET|ECONNREFUSED|EPIPE|ETIMEDOUT|57P0[1-3]|08\d\d\d)$/.test(code) ||
    /Connection terminated|Client has encountered a connection error|not queryable/.test(
      error.message,
    )
  );
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function deliveryEntries(deliveries: Lead["deliveries"]): [Channel, Delivery][] {
  return Object.entries(deliveries).flatMap(([channel, delivery]) =>
    delivery === undefined ? [] : [[channel as Channel, delivery]],
  );
}

function deliveryValues(delivery: Delivery): unknown[] {
  return [
    delivery.state,
    delivery.attempts,
    delivery.nextAttemptAt,
    delivery.lastError,
    delivery.sentAt,
  ];
}

const isoOrNull = (value: string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

function toLead(row: LeadRow): Lead {
  const deliveries: Lead["deliveries"] = {};
  for (const [channel, raw] of Object.entries(row.deliveries ?? {})) {
    deliveries[channel as Channel] = {
      state: raw.state,
      attempts: raw.attempts,
      nextAttemptAt: isoOrNull(raw.nextAttemptAt),
      lastError: raw.lastError,
      sentAt: isoOrNull(raw.sentAt),
    };
  }
  return {
    id: row.id,
    idempotencyKey: row.idempotency_key,
    fingerprint: row.fingerprint,
    receivedAt: row.received_at.toISOString(),
    request: row.request,
    quarantine: row.quarantine,
    requestId: row.request_id,
    deliveries,
  };
}
