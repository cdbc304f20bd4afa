import type { Lead, LeadRecords, LeadStatus } from "../lead-store";
import { record, type Actor, type AuditLog } from "./audit";
import { statusLabels } from "./labels";

export type StatusResult =
  | { outcome: "not-found" }
  /** The lead already had that status: nothing written, no audit line. */
  | { outcome: "unchanged"; lead: Lead }
  | { outcome: "changed"; lead: Lead; from: LeadStatus };

/** Sets where sales are with a lead (nouvelle, en cours, traitée). */
export async function setLeadStatus(
  store: Pick<LeadRecords, "get" | "setStatus"> & AuditLog,
  actor: Actor,
  id: string,
  status: LeadStatus,
): Promise<StatusResult> {
  const before = await store.get(id);
  if (!before) return { outcome: "not-found" };
  if (before.status === status) return { outcome: "unchanged", lead: before };
  const lead = await store.setStatus(id, status);
  if (!lead) return { outcome: "not-found" };
  await record(
    store,
    actor,
    "status",
    id,
    `statut : ${statusLabels[before.status]} → ${statusLabels[status]}`,
  );
  return { outcome: "changed", lead, from: before.status };
}
