import { emailCounterKey } from "../spam/rate-limit";
import { placeholders, type Executor, type Queryable } from "./database";
import { dialects } from "./dialect";
import {
  deliveryEntries,
  instant,
  leadColumns,
  toLead,
  uuidPattern,
  type LeadRow,
} from "./lead-rows";
import { EraseCountError, type Lead, type LeadRecords, type SaveResult } from "./lead-store";
import { searchText } from "./search-fold";
import { writeDelivery } from "./sql-deliveries";
import { verdictsSince } from "./verdicts";

// The leads in SQL (tables leads and lead_deliveries), one text for both engines; the inbox's
// pages, statuses and removals are in sql-inbox.ts.

const byEmail = "lower(l.request ->> 'email') = lower($1)";

export class SqlLeadRecords implements LeadRecords {
  private readonly columns: string;

  constructor(
    private readonly db: Executor,
    private readonly ready: () => Promise<void>,
  ) {
    this.columns = leadColumns(db.engine);
  }

  async save(lead: Lead): Promise<SaveResult> {
    await this.ready();
    // One transaction: the lead and its deliveries are committed together or not at all, and
    // the visitor's 201 waits for that commit. ON CONFLICT DO NOTHING waits for a concurrent
    // insert of the same key to end, so two processes racing with one request store one row.
    const created = await this.db.transaction(async (client) => {
      const inserted = await client.query(
        `INSERT INTO leads
           (id, idempotency_key, fingerprint, received_at, request, quarantine, request_id,
            status, search_text, owner, last_contact_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (idempotency_key) DO NOTHING
         RETURNING id`,
        [
          lead.id,
          lead.idempotencyKey,
          lead.fingerprint,
          new Date(lead.receivedAt),
          JSON.stringify(lead.request),
          lead.quarantine === null ? null : JSON.stringify(lead.quarantine),
          lead.requestId,
          lead.status,
          searchText(lead.request),
          lead.owner,
          instant(lead.lastContactAt),
        ],
      );
      if (inserted.rowCount === 0) return false;
      for (const [channel, delivery] of deliveryEntries(lead.deliveries)) {
        await writeDelivery(client, lead.id, channel, delivery);
      }
      // Counted for the rule's figures (verdicts.ts) with the lead it held, or not at all.
      if (lead.quarantine?.rule) {
        await client.query(
          "INSERT INTO spam_verdicts (at, rule, verdict) VALUES ($1, $2, 'held')",
          [new Date(lead.receivedAt), lead.quarantine.rule],
        );
      }
      return true;
    });
    if (created) return { outcome: "created", lead };
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
    return (await this.read(this.db, "l.idempotency_key = $1", [key]))[0];
  }

  async get(id: string): Promise<Lead | undefined> {
    await this.ready();
    // Not a uuid: no such lead (PostgreSQL would otherwise refuse the query).
    if (!uuidPattern.test(id)) return undefined;
    return (await this.read(this.db, "l.id = $1", [id.toLowerCase()]))[0];
  }

  async list(): Promise<Lead[]> {
    await this.ready();
    return this.read(this.db, "TRUE", []);
  }

  async release(id: string): Promise<Lead | undefined> {
    await this.ready();
    if (!uuidPattern.test(id)) return undefined;
    const { rowCount } = await this.db.query(
      "UPDATE leads SET quarantine = NULL WHERE id = $1 AND quarantine IS NOT NULL",
      [id.toLowerCase()],
    );
    return rowCount === 0 ? undefined : this.get(id);
  }

  async findByEmail(email: string): Promise<Lead[]> {
    await this.ready();
    return this.read(this.db, byEmail, [email.trim()]);
  }

  async purge(before: Date, now: Date): Promise<number> {
    await this.ready();
    return this.db.transaction(async (client) => {
      // Deliveries and notes go with their lead (ON DELETE CASCADE). Kept from the last contact
      // with the person (a note, a reply, a status change), or from its arrival before any.
      const leads = await client.query(
        "DELETE FROM leads WHERE coalesce(last_contact_at, received_at) < $1",
        [before],
      );
      await client.query("DELETE FROM spent_challenges WHERE expires_at < $1", [now]);
      await client.query("DELETE FROM rate_counters WHERE window_end <= $1", [now]);
      await client.query("DELETE FROM rate_hits WHERE window_end <= $1", [now]);
      // The anti-bot rules' figures cover verdictDays (the journal page).
      await client.query("DELETE FROM spam_verdicts WHERE at < $1", [verdictsSince(now)]);
      // The inbox's sign-in links and sessions a day after they stopped working: kept that long
      // for whoever looks into a refused sign-in, no longer (sql-team.ts).
      const dayBefore = new Date(now.getTime() - 86_400_000);
      await client.query("DELETE FROM sign_in_links WHERE expires_at < $1", [dayBefore]);
      await client.query("DELETE FROM team_sessions WHERE expires_at < $1 OR ended_at < $1", [
        dayBefore,
      ]);
      return leads.rowCount;
    });
  }

  async erase(
    email: string,
    expectedLeads?: number,
  ): Promise<{ leads: Lead[]; challenges: number; counters: number }> {
    await this.ready();
    const owner = emailCounterKey(email);
    const { lockRead } = dialects[this.db.engine];
    return this.db.transaction(async (client) => {
      // Deleted by what was read: a lead saved meanwhile by the same person is not in this list
      // and stays (the next erase finds it).
      const leads = await this.read(client, byEmail, [email.trim()], lockRead);
      // Thrown inside the transaction: nothing is deleted.
      if (expectedLeads !== undefined && leads.length !== expectedLeads) {
        throw new EraseCountError(leads.length);
      }
      if (leads.length > 0) {
        await client.query(
          `DELETE FROM leads WHERE id IN (${placeholders(1, leads.length)})`,
          leads.map((lead) => lead.id),
        );
      }
      const challenges = await client.query("DELETE FROM spent_challenges WHERE owner = $1", [
        owner,
      ]);
      const counters = await client.query("DELETE FROM rate_counters WHERE key = $1", [owner]);
      await client.query("DELETE FROM rate_hits WHERE key = $1", [owner]);
      return { leads, challenges: challenges.rowCount, counters: counters.rowCount };
    });
  }

  /** The leads matching `where` (a condition on `l`), oldest first, the rows locked by `lock`. */
  private async read(on: Queryable, where: string, values: unknown[], lock = ""): Promise<Lead[]> {
    const { rows } = await on.query<LeadRow>(
      `SELECT ${this.columns} FROM leads l WHERE ${where} ORDER BY l.seq ${lock}`,
      values,
    );
    return rows.map(toLead);
  }
}
