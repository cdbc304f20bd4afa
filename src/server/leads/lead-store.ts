import type { QuoteRequest } from "../../shared/quote-request/quote-request";

// What the lead store does, split by job: the leads themselves (LeadRecords), their delivery
// queue (DeliveryQueue) and the anti-spam ledger (SpamLedger). One SQL implementation keeps all
// three (sql-store.ts) on PostgreSQL or on the embedded engine; each job has one contract test
// suite run against both (src/server/leads/__tests__/contract/).

/** Where an accepted lead is announced. Each channel is delivered exactly once. */
export type Channel = "email" | "ack" | "webhook";

export interface Delivery {
  state: "pending" | "sent";
  attempts: number;
  /** ISO date before which no new attempt is made (back-off); null once sent. */
  nextAttemptAt: string | null;
  lastError: string | null;
  sentAt: string | null;
}

export interface Lead {
  id: string;
  /** The client's Idempotency-Key, unique in the store; null when the client sent none. */
  idempotencyKey: string | null;
  /** SHA-256 of the request's canonical JSON: the same key with another body is a conflict. */
  fingerprint: string;
  receivedAt: string;
  request: QuoteRequest;
  /** Set for a suspect request: stored apart, never delivered until released. */
  quarantine: { reason: string } | null;
  /**
   * The id of the HTTP request that stored it (src/server/http/request-id.ts): its log lines,
   * email headers and webhook carry it. Null for leads stored before request ids.
   */
  requestId: string | null;
  /** One entry per channel configured when the lead was stored. */
  deliveries: Partial<Record<Channel, Delivery>>;
}

export type SaveResult =
  | { outcome: "created"; lead: Lead }
  /** The key was already stored with the same fingerprint: nothing written. */
  | { outcome: "replayed"; lead: Lead }
  /** The key was already stored with another fingerprint: nothing written (HTTP 422). */
  | { outcome: "conflict" };

export interface ClaimOptions {
  /**
   * Claims pending deliveries whose back-off has not elapsed too: `npm run leads -- retry` is
   * someone asking for a new attempt now (SMTP is back), not a request passing by.
   */
  ignoreBackOff?: boolean;
}

/** The leads: stored once per idempotency key, read, released from quarantine, erased. */
export interface LeadRecords {
  /** Resolves once the lead is durable (transaction committed); rejects otherwise. */
  save(lead: Lead): Promise<SaveResult>;
  get(id: string): Promise<Lead | undefined>;
  /** The lead stored with this Idempotency-Key, if any: a replay is answered from it. */
  findByKey(key: string): Promise<Lead | undefined>;
  /** Every lead, oldest first, quarantined ones included. */
  list(): Promise<Lead[]>;
  /** Clears a lead's quarantine, so it is delivered like any other; undefined if no such lead. */
  release(id: string): Promise<Lead | undefined>;
  /** The leads sent with this email address (compared without case), oldest first. */
  findByEmail(email: string): Promise<Lead[]>;
  /**
   * Deletes the leads received before `before` (quarantined ones too), and the spent challenges
   * and counters that have ended at `now`, in one transaction. Resolves to the leads deleted.
   */
  purge(before: Date, now: Date): Promise<number>;
  /**
   * Deletes every lead sent with this email address, the challenges it spent and its counters,
   * in one transaction; resolves to the leads deleted and the count of the rest.
   */
  erase(email: string): Promise<{ leads: Lead[]; challenges: number; counters: number }>;
}

/** Each lead's channels, claimed with a lease so that one process alone sends each. */
export interface DeliveryQueue {
  /**
   * Leads with a pending delivery due at `now`, each such channel claimed for `leaseMs` so that a
   * second process (or a second retry run) does not send it too. A claimed channel is never due
   * before its lease ends, whatever its back-off says; `recordDelivery` ends the lease. Each lead
   * returned carries in `deliveries` only the channels this call claimed: the caller's work.
   */
  claimDue(now: Date, leaseMs: number, options?: ClaimOptions): Promise<Lead[]>;
  /** Records one channel's new state for one lead (durable before it resolves). */
  recordDelivery(id: string, channel: Channel, delivery: Delivery): Promise<void>;
}

/**
 * The anti-spam defences' memory (src/server/spam), kept in the database so that every process
 * sharing it agrees on them.
 */
export interface SpamLedger {
  /**
   * Records an anti-bot challenge as spent until it expires, durably. True when the request may
   * go on: the challenge was not spent yet, or it was spent by the same `spender` (the same
   * request sent again, whose store insert is idempotent by key). False otherwise, and always
   * for a challenge already spent when `spender` is null (a request without Idempotency-Key).
   * `owner` is the counter key of the sender's email (a hash), so that erasing them finds it;
   * `spender` a hash of the request's Idempotency-Key and fingerprint (src/server/spam/screen.ts).
   */
  spendChallenge(
    nonce: string,
    expiresAt: Date,
    owner: string,
    spender?: string | null,
  ): Promise<boolean>;
  /**
   * Counts one more hit on `key` in the window [windowStart, windowEnd) and resolves to the
   * window's count, this hit included; windows that have ended are forgotten on the way. A `hit`
   * id already counted in this window (the same request sent again: its spender, see
   * spendChallenge) is not counted again: it resolves to the count its first copy got, so that
   * every copy gets the same verdict, at once or later.
   */
  countHit(key: string, windowStart: Date, windowEnd: Date, hit?: string | null): Promise<number>;
}

/** The three jobs on one database, as the endpoint, the delivery runner and the CLI get them. */
export interface LeadStore extends LeadRecords, DeliveryQueue, SpamLedger {
  close(): Promise<void>;
}
