import type { SqlAudience } from "./sql-audience";
import type { QuoteRequest } from "../../shared/quote-request/quote-request";
import type { AuditLog } from "./audit-log";
import type { Notes } from "./notes";
import type { SpamLedger } from "./spam-ledger";
import type { TeamRecords } from "./team-records";
import type { Verdicts } from "./verdicts";

// What the lead store does, one repository per job (leads, the inbox's pages, deliveries, the
// anti-spam ledger, the team, the audit log, notes, the rules' verdicts). One SQL implementation
// keeps them all (sql-store.ts) on PostgreSQL or SQLite; each job has a contract test suite run
// against both (src/test-utils/store-contract/). The contracts of the jobs apart from the leads
// are each in a file of their own (audit-log.ts, notes.ts, verdicts.ts, spam-ledger.ts,
// team-records.ts); this file gathers them.

/** Thrown by `erase` when the person has another number of leads than confirmed: nothing is erased. */
export class EraseCountError extends Error {
  constructor(readonly found: number) {
    super(`erase: ${found} lead(s) found, another number was confirmed`);
    this.name = "EraseCountError";
  }
}

/** Where a salesperson is with a lead (the inbox: nouvelle, en cours, traitée). */
export type LeadStatus = "new" | "in_progress" | "done";

/** Where an accepted lead is announced. Each channel is delivered exactly once. */
export type Channel = "email" | "ack" | "webhook" | "teams" | "slack";

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
  /** A suspect request's reason and rule (src/server/spam/suspicion.ts; none before 1.2.0). */
  quarantine: { reason: string; rule?: string } | null;
  /**
   * The id of the HTTP request that stored it (src/server/log/request-id.ts): its log lines,
   * email headers and webhook carry it. Null for leads stored before request ids.
   */
  requestId: string | null;
  /** One entry per channel configured when the lead was stored. */
  deliveries: Partial<Record<Channel, Delivery>>;
  /** "new" when stored; changed from the inbox (src/server/leads/actions/). */
  status: LeadStatus;
  /** The team member who works it (an address of TEAM_EMAILS), or null until someone takes it. */
  owner: string | null;
  /**
   * The last contact with the person (a note, a reply, a status change), ISO 8601; null before
   * any. The retention counts from it, or from the arrival when null (retention.ts).
   */
  lastContactAt: string | null;
}

/** What the inbox asks for: newest first, filtered, one page. */
export interface InboxQuery {
  /**
   * Text looked for in the full name (« first last »), the organisation, the email and the
   * message, each on its own; a lead matches when one of them holds the whole text, trimmed.
   * Case, the accents of Latin letters (« elodie » finds « Élodie »), the typographic apostrophe
   * and non-breaking spaces do not count; `%`, `_` and `\` are plain characters
   * (search-fold.ts). Empty or absent: every lead; over 10,000 characters: none.
   */
  search?: string;
  status?: LeadStatus;
  /** "only": the quarantined leads alone; "none": none of them; absent: both. */
  quarantine?: "only" | "none";
  /** Received at or after this instant. */
  from?: Date;
  /** Received before this instant. */
  to?: Date;
  /** A member's address: the leads they took; null: no one's (with `team`, those who left too). */
  owner?: string | null;
  team?: readonly string[];
  limit: number;
  offset: number;
}

export interface InboxPage {
  /** Newest first (insertion order, newest first, where clocks tie). */
  leads: Lead[];
  /** How many leads match the query, every page together. */
  total: number;
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
  /** Claims this lead's deliveries alone (a release, a retry from the inbox): the others wait. */
  leadId?: string;
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
  /**
   * Clears a lead's quarantine, so it is delivered like any other; undefined if no such lead or
   * it was not (or no longer) in quarantine: of two releases at once, one alone succeeds.
   */
  release(id: string): Promise<Lead | undefined>;
  /** The leads sent with this email address (compared without case), oldest first. */
  findByEmail(email: string): Promise<Lead[]>;
  /**
   * Deletes the leads last contacted before `before` (retention.ts; quarantined ones too), the
   * spent challenges and counters that have ended at `now`, and the inbox's sign-in links and
   * sessions a day after they expired or ended, in one transaction. Resolves to the leads deleted.
   */
  purge(before: Date, now: Date): Promise<number>;
  /**
   * Deletes every lead sent with this email address, the challenges it spent and its counters,
   * in one transaction; resolves to the leads deleted and the count of the rest.
   */
  erase(
    email: string,
    /** The number of leads the person confirmed: another number found deletes nothing. */
    expectedLeads?: number,
  ): Promise<{ leads: Lead[]; challenges: number; counters: number }>;
}

/** The inbox's reads and changes of leads: pages, the export's list, statuses, spam removed. */
export interface Inbox {
  /** One page of the inbox. */
  page(query: InboxQuery): Promise<InboxPage>;
  /** Every lead the query matches, newest first, unpaged (the inbox's export). */
  matching(query: Omit<InboxQuery, "limit" | "offset">): Promise<Lead[]>;
  /**
   * Sets a lead's status, and says which it replaced, read under the row's lock within the
   * caller's transaction; undefined if no such lead.
   */
  setStatus(
    id: string,
    status: LeadStatus,
  ): Promise<{ lead: Lead; previous: LeadStatus } | undefined>;
  /**
   * Deletes one lead and its deliveries if it is still in quarantine (a request confirmed as
   * spam); false when there is no such lead or it was released meanwhile.
   */
  removeQuarantined(id: string): Promise<boolean>;
  /** How many leads sit in quarantine. */
  quarantineCount(): Promise<number>;
  /**
   * Gives a lead to `owner`, says whom it replaced (read under the row's lock), undefined if no
   * such lead; `onlyIfFree`: if no one has it, or one not in `team` (who left). One take wins.
   */
  setOwner(
    id: string,
    owner: string,
    onlyIfFree: boolean,
    team?: readonly string[],
  ): Promise<{ lead: Lead; previous: string | null } | undefined>;
  /** Records a contact with the person now (a note, a reply, a status change). */
  markContact(id: string, at: Date): Promise<void>;
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

export type { AuditAction, AuditEntry, AuditLog } from "./audit-log";
export type { SpamLedger } from "./spam-ledger";
export type { TeamRecords, TeamRole, TeamSession } from "./team-records";
export type { FirstReply, Note, Notes } from "./notes";
export type { RuleTally, Verdict, Verdicts } from "./verdicts";

/** The repositories of one database, or of one transaction on it. */
export interface Repositories {
  leads: LeadRecords;
  inbox: Inbox;
  deliveries: DeliveryQueue;
  ledger: SpamLedger;
  team: TeamRecords;
  audit: AuditLog;
  notes: Notes;
  verdicts: Verdicts;
  /** The site's anonymous audience, beside the leads and never joined with them. */
  audience: SqlAudience;
}

/**
 * The jobs on one database, as the endpoint, the delivery runner, the inbox and the CLI get them,
 * and transactions across them.
 */
export interface LeadStore extends Repositories {
  /**
   * Runs `work` in one transaction, committed when it resolves: what it writes through `repos` is
   * kept together or not at all, and a repository's failure fails the whole. The store's own
   * repositories are outside it: on SQLite, one used within `work` would wait for it forever.
   */
  transaction<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
  /**
   * After an erasure, a spam deleted or a purge: no copy of what was deleted left in the store's
   * files (the embedded store's WAL copied and emptied). Never throws: a failure is logged, and
   * the next deletion or the server's own checkpoints finish the work.
   */
  forgetDeleted(): Promise<void>;
  close(): Promise<void>;
}
