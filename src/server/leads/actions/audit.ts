import type { AuditAction, AuditLog, LeadStore } from "../lead-store";

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

/** What an action that deletes a person's data needs: that, and no copy left once committed. */
export type Deleting = Pick<LeadStore, "transaction" | "forgetDeleted">;

export function record(
  log: AuditLog,
  actor: Actor,
  action: AuditAction,
  leadId: string | null,
  detail: string,
): Promise<void> {
  return log.record({
    at: new Date().toISOString(),
    actor: actor.name,
    action,
    leadId,
    detail,
    requestId: actor.requestId,
  });
}
