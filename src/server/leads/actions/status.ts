import type { Lead, LeadStatus, LeadStore } from "../lead-store";
import { record, type Actor } from "./audit";
import { statusLabels } from "./labels";

export type StatusResult =
  | { outcome: "not-found" }
  /** The lead already had that status: nothing written, no audit line. */
  | { outcome: "unchanged"; lead: Lead }
  | { outcome: "changed"; lead: Lead; from: LeadStatus };

/** Sets where sales are with a lead (nouvelle, en cours, traitée). */
export async function setLeadStatus(
  store: Pick<LeadStore, "leads" | "inbox" | "audit">,
  actor: Actor,
  id: string,
  status: LeadStatus,
): Promise<StatusResult> {
  const before = await store.leads.get(id);
  if (!before) return { outcome: "not-found" };
  if (before.status === status) return { outcome: "unchanged", lead: before };
  const lead = await store.inbox.setStatus(id, status);
  if (!lead) return { outcome: "not-found" };
  await record(
    store.audit,
    actor,
    "status",
    id,
    `statut : ${statusLabels[before.status]} → ${statusLabels[status]}`,
  );
  return { outcome: "changed", lead, from: before.status };
}
