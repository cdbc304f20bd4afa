import type { AuditAction, TeamRecords } from "../lead-store";

// Who acts on leads, and the one audit line each action writes once it has succeeded.

export interface Actor {
  /** The team member's address, or `terminal (<os user>)` for `npm run leads`. */
  name: string;
  /** The HTTP request that asked for the action (its log lines carry it); null from the CLI. */
  requestId: string | null;
}

/** What an action needs of the store to leave its audit line. */
export type AuditLog = Pick<TeamRecords, "audit">;

export function record(
  store: AuditLog,
  actor: Actor,
  action: AuditAction,
  leadId: string | null,
  detail: string,
): Promise<void> {
  return store.audit({
    at: new Date().toISOString(),
    actor: actor.name,
    action,
    leadId,
    detail,
    requestId: actor.requestId,
  });
}
