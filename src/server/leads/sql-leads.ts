import { emailCounterKey } from "../spam/rate-limit";
import type { Database } from "./database";
import { deliveryEntries, leadColumns, toLead, uuidPattern, type LeadRow } from "./lead-rows";
import type { Lead, LeadRecords, SaveResult } from "./lead-store";

// The leads in SQL (tables leads and lead_deliveries, migrations.ts), the same on PostgreSQL and
// on the embedded engine.

export class SqlLeadRecords implements LeadRecords {
  constructor(
    private readonly database: Database,
    private readonly ready: () => Promise<void>,
  ) {}

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
    // One statement, so one transaction: the lead and its deliveries are committed together or
    // not at all, and the visitor's 201 waits for that commit. ON CONFLICT DO NOTHING waits for a
    // concurrent insert of the same key to commit or roll back, so two processes racing with one
    // request end with one row and one "created".
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
        ? await this.database.once<{ created: number }>(statement, values)
        : await this.database.query<{ created: number }>(statement, values);
    if (rows[0]?.created === 1) return { outcome: "created", lead };
    const existing = await this.getByKey(lead.idempotencyKey);
    if (existing === undefined) throw new Error("idempotency key conflict without a stored lead");
    return existing.fingerprint === lead.fingerprint
      ? { outcome: "replayed", lead: existing }
      : { outcome: "conflict" };
  }

  async findByKey(key: string): Promise<Lead | undefined> {
    await this.ready();
    return this.getByKey(key);
  }

  private async getByKey(key: string | null): Promise<Lead | undefined> {
    if (key === null) return undefined;
    const { rows } = await this.database.query<LeadRow>(
      `SELECT ${leadColumns} FROM leads l WHERE l.idempotency_key = $1`,
      [key],
    );
    return rows[0] && toLead(rows[0]);
  }

  async get(id: string): Promise<Lead | undefined> {
    await this.ready();
    // Not a uuid: no such lead (PostgreSQL would otherwise refuse the query).
    if (!uuidPattern.test(id)) return undefined;
    const { rows } = await this.database.query<LeadRow>(
      `SELECT ${leadColumns} FROM leads l WHERE l.id = $1`,
      [id],
    );
    return rows[0] && toLead(rows[0]);
  }

  async list(): Promise<Lead[]> {
    await this.ready();
    const { rows } = await this.database.query<LeadRow>(
      `SELECT ${leadColumns} FROM leads l ORDER BY l.seq`,
    );
    return rows.map(toLead);
  }

  async release(id: string): Promise<Lead | undefined> {
    await this.ready();
    if (!uuidPattern.test(id)) return undefined;
    const { rows } = await this.database.query<LeadRow>(
      `UPDATE leads l SET quarantine = NULL WHERE l.id = $1 RETURNING ${leadColumns}`,
      [id],
    );
    return rows[0] && toLead(rows[0]);
  }

  async findByEmail(email: string): Promise<Lead[]> {
    await this.ready();
    const { rows } = await this.database.query<LeadRow>(
      `SELECT ${leadColumns} FROM leads l
       WHERE lower(l.request->>'email') = lower($1) ORDER BY l.seq`,
      [email.trim()],
    );
    return rows.map(toLead);
  }

  async purge(before: Date, now: Date): Promise<number> {
    await this.ready();
    return this.database.transaction(async (client) => {
      // Deliveries go with their lead (ON DELETE CASCADE).
      const leads = await client.query("DELETE FROM leads WHERE received_at < $1", [before]);
      await client.query("DELETE FROM spent_challenges WHERE expires_at < $1", [now]);
      await client.query("DELETE FROM rate_counters WHERE window_end <= $1", [now]);
      await client.query("DELETE FROM rate_hits WHERE window_end <= $1", [now]);
      return leads.rowCount;
    });
  }

  async erase(email: string): Promise<{ leads: Lead[]; challenges: number; counters: number }> {
    await this.ready();
    const owner = emailCounterKey(email);
    return this.database.transaction(async (client) => {
      // Deleted by what was read, under row locks: a lead saved meanwhile by the same person
      // is not in this list and stays (the next erase finds it).
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
        challenges: challenges.rowCount,
        counters: counters.rowCount,
      };
    });
  }
}
