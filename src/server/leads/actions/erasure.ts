import { EraseCountError, type Lead, type LeadRecords } from "../lead-store";
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
  store: Pick<LeadRecords, "erase"> & AuditLog,
  actor: Actor,
  email: string,
  /** How many requests the person confirmed (the inbox); none: whatever is found (the CLI). */
  confirmedCount?: number,
): Promise<EraseResult> {
  let erased;
  try {
    // The count is checked again inside the erasure's transaction: a request that arrives after
    // the page listed them deletes nothing unconfirmed.
    erased = await store.erase(email, confirmedCount);
  } catch (error) {
    if (error instanceof EraseCountError) return { outcome: "count-mismatch", found: error.found };
    throw error;
  }
  const { leads, challenges, counters } = erased;
  await record(
    store,
    actor,
    "erase",
    null,
    `${leads.length} demande(s), ${challenges} défi(s), ${counters} compteur(s)`,
  );
  return { outcome: "erased", leads, challenges, counters };
}
