import { placeholders, type Executor, type Queryable } from "./database";
import { dialects } from "./dialect";
import { instant, leadColumns, toLead, type LeadRow } from "./lead-rows";
import type { Channel, ClaimOptions, Delivery, DeliveryQueue, Lead } from "./lead-store";

// The delivery queue in SQL: one row per lead and channel, claimed with a lease.

export class SqlDeliveryQueue implements DeliveryQueue {
  constructor(
    private readonly db: Executor,
    private readonly ready: () => Promise<void>,
  ) {}

  async claimDue(now: Date, leaseMs: number, options: ClaimOptions = {}): Promise<Lead[]> {
    await this.ready();
    const claimed = await this.db.query<{ lead_id: string; channel: Channel }>(
      dialects[this.db.engine].claimDue,
      [
        now,
        new Date(now.getTime() + leaseMs),
        options.ignoreBackOff === true,
        options.leadId ?? null,
      ],
    );
    if (claimed.rows.length === 0) return [];
    const channels = new Map<string, Set<Channel>>();
    for (const { lead_id, channel } of claimed.rows) {
      channels.set(lead_id, (channels.get(lead_id) ?? new Set()).add(channel));
    }
    const ids = [...channels.keys()];
    const { rows } = await this.db.query<LeadRow>(
      `SELECT ${leadColumns(this.db.engine)} FROM leads l
       WHERE l.id IN (${placeholders(1, ids.length)}) ORDER BY l.seq`,
      ids,
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
    await writeDelivery(this.db, id, channel, delivery);
  }
}

/**
 * Writes one channel's state for one lead, the lease ended: the lead's first state when it is
 * saved (sql-leads.ts), each attempt's after.
 */
export async function writeDelivery(
  on: Queryable,
  id: string,
  channel: Channel,
  delivery: Delivery,
): Promise<void> {
  await on.query(
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
      instant(delivery.nextAttemptAt),
      delivery.lastError,
      instant(delivery.sentAt),
    ],
  );
}
