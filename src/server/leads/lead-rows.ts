import type { QuoteRequest } from "../../shared/quote-request/quote-request";
import { fromJson, type Engine } from "./database";
import { dialects } from "./dialect";
import type { Channel, Delivery, Lead, LeadStatus } from "./lead-store";

// A lead as the SQL reads it (one row, its deliveries gathered as JSON) and back to a Lead, the
// same from both engines: JSON parsed or not yet, instants as Date or ISO text.

export interface LeadRow {
  [column: string]: unknown;
  id: string;
  idempotency_key: string | null;
  fingerprint: string;
  received_at: Date | string;
  request: QuoteRequest | string;
  quarantine: { reason: string } | string | null;
  request_id: string | null;
  status: LeadStatus;
  owner: string | null;
  last_contact_at: Date | string | null;
  deliveries: Record<string, RawDelivery> | string | null;
}

/** A delivery as the JSON of its row: dates as the engine's text, not always JS's ISO form. */
interface RawDelivery {
  state: Delivery["state"];
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  sentAt: string | null;
}

/** The columns every read of leads selects, `l` being the leads table. */
export function leadColumns(engine: Engine): string {
  return `l.id, l.idempotency_key, l.fingerprint, l.received_at, l.request, l.quarantine,
    l.request_id, l.status, l.owner, l.last_contact_at, ${dialects[engine].deliveriesOf} AS deliveries`;
}

/** An instant as the store binds it: a Date, which each engine writes in its own type. */
export const instant = (iso: string | null): Date | null => (iso === null ? null : new Date(iso));

/** An instant as read, a Date (PostgreSQL) or text (SQLite), in ISO 8601. */
export const iso = (value: Date | string): string => new Date(value).toISOString();

export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function deliveryEntries(deliveries: Lead["deliveries"]): [Channel, Delivery][] {
  return Object.entries(deliveries).flatMap(([channel, delivery]) =>
    delivery === undefined ? [] : [[channel as Channel, delivery]],
  );
}

const isoOrNull = (value: string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

export function toLead(row: LeadRow): Lead {
  const deliveries: Lead["deliveries"] = {};
  const raw = fromJson<Record<string, RawDelivery> | null>(row.deliveries) ?? {};
  for (const [channel, delivery] of Object.entries(raw)) {
    deliveries[channel as Channel] = {
      state: delivery.state,
      attempts: delivery.attempts,
      nextAttemptAt: isoOrNull(delivery.nextAttemptAt),
      lastError: delivery.lastError,
      sentAt: isoOrNull(delivery.sentAt),
    };
  }
  return {
    id: row.id,
    idempotencyKey: row.idempotency_key,
    fingerprint: row.fingerprint,
    receivedAt: new Date(row.received_at).toISOString(),
    request: fromJson<QuoteRequest>(row.request),
    quarantine: fromJson<Lead["quarantine"]>(row.quarantine),
    requestId: row.request_id,
    deliveries,
    status: row.status,
    owner: row.owner,
    lastContactAt: row.last_contact_at === null ? null : iso(row.last_contact_at),
  };
}
