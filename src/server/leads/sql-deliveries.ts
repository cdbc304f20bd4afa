import type { Database } from "./database";
import { leadColumns, toLead, type LeadRow } from "./lead-rows";
import type { Channel, ClaimOptions, Delivery, DeliveryQueue, Lead } from "./lead-store";

// The delivery queue in SQL: one row per lead and channel, claimed with a lease.

/**
 * Channels claimed by one delivery run at most (about ten leads): a run stays well within its
 * lease, the next one takes the rest.
 */
const claimBatch = 30;

export class SqlDeliveryQueue implements DeliveryQueue {
  constructor(
    private readonly database: Database,
    private readonly ready: () => Promise<void>,
  ) {}

  async claimDue(now: Date, leaseMs: number, options: ClaimOptions = {}): Promise<Lead[]> {
    await this.ready();
    // FOR UPDATE SKIP LOCKED: a second process running the same query at the same moment skips
    // the rows this one is claiming instead of waiting for them, then finds them leased.
    const claimed = await this.database.query<{ lead_id: string; channel: Channel }>(
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
    const { rows } = await this.database.query<LeadRow>(
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
    await this.database.query(
      `INSERT INTO lead_deliveries
         (lead_id, channel, state, attempts, next_attempt_at, last_error, sent_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (lead_id, channel) DO UPDATE SET
         state = EXCLUDED.state, attempts = EXCLUDED.attempts,
         next_attempt_at = EXCLUDED.next_attempt_at, last_error = EXCLUDED.last_error,
         sent_at = EXCLUDED.sent_at, leased_until = NULL`,
      [
        id,
        channel,
        delivery.state,
        delivery.attempts,
        delivery.nextAttemptAt,
        delivery.lastError,
        delivery.sentAt,
      ],
    );
  }
}
