import type { RunnerOptions } from "../../delivery/runner";
import type { LeadStore } from "../lead-store";
import { record, type Actor } from "./audit";
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
  const before = await store.leads.get(id);
  if (!before) return { outcome: "not-found" };
  if (before.quarantine === null) return { outcome: "not-quarantined" };
  // Released meanwhile by someone else: said so, and delivered once.
  if (!(await store.leads.release(id))) return { outcome: "not-quarantined" };
  // A lead owed no channel (none configured when it came) has nothing to deliver.
  const owed = Object.values(before.deliveries).some((d) => d.state === "pending");
  const { sent, failed } = owed
    ? await deliverLead(store.deliveries, delivery, id)
    : { sent: 0, failed: 0 };
  await record(
    store.audit,
    actor,
    "release",
    id,
    `sortie de quarantaine ; envois : ${sent} réussi(s), ${failed} échec(s)`,
  );
  return { outcome: "released", reason: before.quarantine.reason, sent, failed };
}

export type SpamResult =
  | { outcome: "not-found" }
  /** Only a quarantined request is deleted as spam: a delivered lead is refused, unchanged. */
  | { outcome: "not-quarantined" }
  | { outcome: "deleted" };

/** Deletes a quarantined request confirmed as spam, with its deliveries. */
export async function confirmSpam(
  store: Pick<LeadStore, "leads" | "inbox" | "audit">,
  actor: Actor,
  id: string,
): Promise<SpamResult> {
  const lead = await store.leads.get(id);
  if (!lead) return { outcome: "not-found" };
  if (lead.quarantine === null) return { outcome: "not-quarantined" };
  // Released meanwhile (another member, the CLI): kept, and said so.
  if (!(await store.inbox.removeQuarantined(id))) return { outcome: "not-quarantined" };
  await record(store.audit, actor, "spam", id, "confirmée comme spam et supprimée");
  return { outcome: "deleted" };
}
