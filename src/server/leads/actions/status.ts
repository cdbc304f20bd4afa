import type { Lead, LeadStatus } from "../lead-store";
import { record, type Actor, type Transactional } from "./audit";
import { statusLabels } from "./labels";

export type StatusResult =
  | { outcome: "not-found" }
  /** The lead already had that status: nothing written, no audit line. */
  | { outcome: "unchanged"; lead: Lead }
  | { outcome: "changed"; lead: Lead; from: LeadStatus };

/** Sets where sales are with a lead (nouvelle, en cours, traitée). */
export function setLeadStatus(
  store: Transactional,
  actor: Actor,
  id: string,
  status: LeadStatus,
): Promise<StatusResult> {
  return store.transaction<StatusResult>(async ({ inbox, audit }) => {
    const change = await inbox.setStatus(id, status);
    if (!change) return { outcome: "not-found" };
    const { lead, previous } = change;
    if (previous === status) return { outcome: "unchanged", lead };
    // A status change counts as a contact with the person: the retention runs from it.
    await inbox.markContact(id, new Date());
    await record(
      audit,
      actor,
      "status",
      id,
      `statut : ${statusLabels[previous]} → ${statusLabels[status]}`,
    );
    return { outcome: "changed", lead, from: previous };
  });
}
