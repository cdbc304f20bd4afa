import type { AuditAction, AuditLog } from "../lead-store";

// Who acts on leads, and the one audit line each action writes once it has succeeded.

export interface Actor {
  /** The team member's address, or `terminal (<os user>)` for `npm run leads`. */
  name: string;
  /** The HTTP request that asked for the action (its log lines carry it); null from the CLI. */
  requestId: string | null;
}

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
