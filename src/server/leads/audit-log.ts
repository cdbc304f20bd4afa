// The audit log's contract (its SQL: sql-audit.ts): the journal the privacy officer reads, of
// every sign-in, every action on leads and every refusal of the inbox.

/** What the audit log records: every sign-in and every action on leads. */
export type AuditAction =
  | "sign-in"
  | "sign-out"
  | "status"
  | "release"
  | "spam"
  | "retry"
  | "export"
  | "erase"
  /** Leads past their retention deleted, by the server's daily purge or `npm run leads`. */
  | "purge"
  /** A lead taken or given (its owner), a note added. */
  | "owner"
  | "note"
  /** A reply emailed to the person from the inbox. */
  | "reply"
  /** The inbox refused a link, a forged or cross-origin post, or a role (team/refusals.ts). */
  | "refusal";

export interface AuditEntry {
  at: string;
  /** The team member's address, or `terminal (<user>)` for the CLI. */
  actor: string;
  action: AuditAction;
  /** The lead acted on, if one. */
  leadId: string | null;
  /** What changed, in French, never the personal data an erasure removed. */
  detail: string | null;
  /** The HTTP request that made it, for the logs; null from the CLI. */
  requestId: string | null;
}

/** Every sign-in, every action on leads and every refusal, newest first when read. */
export interface AuditLog {
  /** Durable before it resolves. */
  record(entry: AuditEntry): Promise<void>;
  /** Newest first. */
  page(page: { limit: number; offset: number }): Promise<{ entries: AuditEntry[]; total: number }>;
}
