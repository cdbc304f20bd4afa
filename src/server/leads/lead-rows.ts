import type { QuoteRequest } from "../../shared/quote-request/quote-request";
import type { Channel, Delivery, Lead } from "./lead-store";

// A lead as the SQL reads it (one row, its deliveries gathered as JSON) and back to a Lead.

export interface LeadRow {
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

export const leadColumns = `
  l.id, l.idempotency_key, l.fingerprint, l.received_at, l.request, l.quarantine, l.request_id,
  (SELECT jsonb_object_agg(d.channel, jsonb_build_object(
      'state', d.state, 'attempts', d.attempts, 'nextAttemptAt', d.next_attempt_at,
      'lastError', d.last_error, 'sentAt', d.sent_at))
    FROM lead_deliveries d WHERE d.lead_id = l.id) AS deliveries`;

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
    receivedAt: new Date(row.received_at).toISOString(),
    request: row.request,
    quarantine: row.quarantine,
    requestId: row.request_id,
    deliveries,
  };
}
