import type { RunnerOptions } from "../../delivery/runner";
import type { LeadStore } from "../lead-store";
import { record, type Actor, type Deleting, type Transactional } from "./audit";
import { deliverLead, type DeliveryCounts } from "./deliveries";

// A quarantined request (src/server/spam) is either a person, released and delivered like any
// lead, or a robot, confirmed and deleted. The quarantine's reason stays out of the audit line:
// it may quote what the visitor typed, which an erasure must be able to remove.

export type ReleaseResult =
  | { outcome: "not-found" }
  | { outcome: "not-quarantined" }
  /** `owed`: whether the lead has deliveries to make (none when no channel was set at its arrival). */
  | { outcome: "released"; reason: string; owed: boolean };

/**
 * Clears the lead's quarantine, with its audit line in the same transaction. Its deliveries are
 * then due like any lead's: the server's runner sends them (the inbox kicks it), the CLI at once
 * (`releaseAndDeliver`). A send cannot be rolled back, so none is made inside the transaction.
 */
export function releaseLead(
  store: Transactional,
  actor: Actor,
  id: string,
): Promise<ReleaseResult> {
  return store.transaction<ReleaseResult>(async ({ leads, audit, verdicts }) => {
    const before = await leads.get(id);
    if (!before) return { outcome: "not-found" };
    if (before.quarantine === null) return { outcome: "not-quarantined" };
    // Released meanwhile by someone else: said so, and delivered once.
    if (!(await leads.release(id))) return { outcome: "not-quarantined" };
    await record(audit, actor, "release", id, "sortie de quarantaine");
    // Not spam after all: counted against the rule that held it.
    await verdicts.record(before.quarantine.rule ?? "unknown", "released", new Date());
    const owed = Object.values(before.deliveries).some((d) => d.state === "pending");
    return { outcome: "released", reason: before.quarantine.reason, owed };
  });
}

/** A release, then its deliveries made now, as `npm run leads -- release` does. */
export async function releaseAndDeliver(
  store: LeadStore,
  delivery: RunnerOptions,
  actor: Actor,
  id: string,
): Promise<
  | Exclude<ReleaseResult, { outcome: "released" }>
  | ({ outcome: "released"; reason: string } & DeliveryCounts)
> {
  const released = await releaseLead(store, actor, id);
  if (released.outcome !== "released") return released;
  const { sent, failed } = released.owed
    ? await deliverLead(store.deliveries, delivery, id)
    : { sent: 0, failed: 0 };
  return { outcome: "released", reason: released.reason, sent, failed };
}

export type SpamResult =
  | { outcome: "not-found" }
  /** Only a quarantined request is deleted as spam: a delivered lead is refused, unchanged. */
  | { outcome: "not-quarantined" }
  | { outcome: "deleted" };

/** Deletes a quarantined request confirmed as spam, with its deliveries. */
export async function confirmSpam(store: Deleting, actor: Actor, id: string): Promise<SpamResult> {
  const result = await store.transaction<SpamResult>(async ({ leads, inbox, audit, verdicts }) => {
    const lead = await leads.get(id);
    if (!lead) return { outcome: "not-found" };
    if (lead.quarantine === null) return { outcome: "not-quarantined" };
    // Released meanwhile (another member, the CLI): kept, and said so.
    if (!(await inbox.removeQuarantined(id))) return { outcome: "not-quarantined" };
    await record(audit, actor, "spam", id, "confirmée comme spam et supprimée");
    await verdicts.record(lead.quarantine.rule ?? "unknown", "spam", new Date());
    return { outcome: "deleted" };
  });
  if (result.outcome === "deleted") await store.forgetDeleted();
  return result;
}
