import type { Lead, LeadRecords } from "../lead-store";
import { record, type Actor, type AuditLog } from "./audit";

// The right to erasure: first what would go (a page lists it and asks how many requests), then
// the erasure itself, refused when that number is no longer right. Its audit line keeps counts
// only, never the address nor anything erased.

/** The leads an erasure of `email` would delete now, oldest first. Reads only: no audit line. */
export function erasePreview(
  store: Pick<LeadRecords, "findByEmail">,
  email: string,
): Promise<Lead[]> {
  return store.findByEmail(email);
}

export type EraseResult =
  /** Nothing changed: the person has `found` requests now, not the number confirmed. */
  | { outcome: "count-mismatch"; found: number }
  | { outcome: "erased"; leads: Lead[]; challenges: number; counters: number };

export async function erasePerson(
  store: Pick<LeadRecords, "findByEmail" | "erase"> & AuditLog,
  actor: Actor,
  email: string,
  confirmedCount: number,
): Promise<EraseResult> {
  const found = (await store.findByEmail(email)).length;
  if (found !== confirmedCount) return { outcome: "count-mismatch", found };
  const { leads, challenges, counters } = await store.erase(email);
  await record(
    store,
    actor,
    "erase",
    null,
    `${leads.length} demande(s), ${challenges} défi(s), ${counters} compteur(s)`,
  );
  return { outcome: "erased", leads, challenges, counters };
}
