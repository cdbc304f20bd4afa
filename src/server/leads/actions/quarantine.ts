import type { RunnerOptions } from "../../delivery/runner";
import type { LeadStore } from "../lead-store";
import { record, type Actor, type Transactional } from "./audit";
import { deliverLead, type DeliveryCounts } from "./deliveries";

// A quarantined request (src/server/spam) is either a person, released and delivered like any
// lead, or a robot, confirmed and deleted. The quarantine's reason stays out of the audit line:
// it may quote what the visitor typed, which an erasure must be able to remove.

export type ReleaseResult =
  | { outcome: "not-found" }
  | { outcome: "not-quarantined" }
  | ({ outcome: "released"; reason: string } & DeliveryCounts);

/** Clears the lead's quarantine and delivers it now, as `npm run leads -- release` does. */
export async function releaseLead(
  store: LeadStore,
  delivery: RunnerOptions,
  actor: Actor,
  id: string,
): Promise<ReleaseResult> {
  // The release and its audit line commit together; the deliveries come after the commit, each
  // recorded as it goes: a send cannot be rolled back, and the runner claims committed leads.
  const released = await store.transaction(async ({ leads, audit }) => {
    const before = await leads.get(id);
    if (!before) return { outcome: "not-found" } as const;
    if (before.quarantine === null) return { outcome: "not-quarantined" } as const;
    // Released meanwhile by someone else: said so, and delivered once.
    if (!(await leads.release(id))) return { outcome: "not-quarantined" } as const;
    await record(audit, actor, "release", id, "sortie de quarantaine");
    return { outcome: "released", lead: before, reason: before.quarantine.reason } as const;
  });
  if (released.outcome !== "released") return released;
  // A lead owed no channel (none configured when it came) has nothing to deliver.
  const owed = Object.values(released.lead.deliveries).some((d) => d.state === "pending");
  const { sent, failed } = owed
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
export function confirmSpam(store: Transactional, actor: Actor, id: string): Promise<SpamResult> {
  return store.transaction<SpamResult>(async ({ leads, inbox, audit }) => {
    const lead = await leads.get(id);
    if (!lead) return { outcome: "not-found" };
    if (lead.quarantine === null) return { outcome: "not-quarantined" };
    // Released meanwhile (another member, the CLI): kept, and said so.
    if (!(await inbox.removeQuarantined(id))) return { outcome: "not-quarantined" };
    await record(audit, actor, "spam", id, "confirmée comme spam et supprimée");
    return { outcome: "deleted" };
  });
}
