import type { AuditAction, AuditEntry, AuditLog, LeadStore } from "../lead-store";

// Who acts on leads, and the one audit line each action writes once it has succeeded: in the
// action's own transaction where it changes leads, so that no change goes unrecorded.

export interface Actor {
  /** The team member's address, or `terminal (<os user>)` for `npm run leads`. */
  name: string;
  /** The HTTP request that asked for the action (its log lines carry it); null from the CLI. */
  requestId: string | null;
}

/** What an action that changes leads needs of the store: a transaction across its repositories. */
export type Transactional = Pick<LeadStore, "transaction">;

/**
 * What an action that deletes a person's data needs: that, no copy left once committed, and, for
 * the embedded store, the folder where its erasures are also written (src/server/leads/erasure-file.ts).
 */
export type Deleting = Pick<LeadStore, "transaction" | "forgetDeleted"> & {
  readonly erasuresDir?: string | null;
};

/** Writes the action's audit line; resolves to it, as written. */
export async function record(
  log: AuditLog,
  actor: Actor,
  action: AuditAction,
  leadId: string | null,
  detail: string,
): Promise<AuditEntry> {
  const entry = {
    at: new Date().toISOString(),
    actor: actor.name,
    action,
    leadId,
    detail,
    requestId: actor.requestId,
  };
  await log.record(entry);
  return entry;
}
