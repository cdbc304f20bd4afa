import { createHash } from "node:crypto";
import { appendErasure } from "../erasure-file";
import { EraseCountError, type Lead, type LeadRecords } from "../lead-store";
import { record, type Actor, type Deleting } from "./audit";

// The right to erasure: first what would go (a page lists it and asks how many requests), then
// the erasure itself, refused when that number is no longer right. Its audit line keeps counts
// only, never the address nor anything erased, and a digest of each erased request's reference,
// so that a restore from a backup taken before can erase them again
// (src/server/leads/restore-erasures.ts).

/** Where the digests start in an erasure's audit line: its French detail, then this. */
const digestsLabel = " ; empreintes des références : ";

/**
 * A one-way digest of a lead's id (a random UUID): it names nothing in the store once the lead is
 * gone, and only a copy that still holds the lead (a backup) can match it. 128 bits of SHA-256.
 */
export function erasureDigest(leadId: string): string {
  return createHash("sha256").update(leadId.toLowerCase()).digest("hex").slice(0, 32);
}

/** The digests an erasure's audit line carries; none for a line written before they were. */
export function erasedDigests(detail: string | null): string[] {
  const at = detail?.indexOf(digestsLabel) ?? -1;
  if (detail === null || at === -1) return [];
  return detail
    .slice(at + digestsLabel.length)
    .split(", ")
    .filter((digest) => /^[0-9a-f]{32}$/.test(digest));
}

/** The leads an erasure of `email` would delete now, oldest first. Reads only: no audit line. */
export function erasePreview(
  store: { leads: Pick<LeadRecords, "findByEmail"> },
  email: string,
): Promise<Lead[]> {
  return store.leads.findByEmail(email);
}

export type EraseResult =
  /** Nothing changed: the person has `found` requests now, not the number confirmed. */
  | { outcome: "count-mismatch"; found: number }
  | { outcome: "erased"; leads: Lead[]; challenges: number; counters: number };

export async function erasePerson(
  store: Deleting,
  actor: Actor,
  email: string,
  /** How many requests the person confirmed (the inbox); none: whatever is found (the CLI). */
  confirmedCount?: number,
): Promise<EraseResult> {
  try {
    // The erasure and its audit line commit together. The count is checked again inside the
    // transaction: a request that arrives after the page listed them deletes nothing unconfirmed.
    const erased = await store.transaction<EraseResult>(async (repos) => {
      const { leads, challenges, counters } = await repos.leads.erase(email, confirmedCount);
      const counts = `${leads.length} demande(s), ${challenges} défi(s), ${counters} compteur(s)`;
      const digests = leads.map((lead) => erasureDigest(lead.id)).join(", ");
      const line = await record(
        repos.audit,
        actor,
        "erase",
        null,
        digests ? `${counts}${digestsLabel}${digests}` : counts,
      );
      // Beside the backups too, synced before the commit: the store's journal dies with its
      // disk, and a restore onto a new one must still find this erasure. If it cannot be
      // written, the erasure is rolled back and says why.
      if (store.erasuresDir) appendErasure(store.erasuresDir, line);
      return { outcome: "erased", leads, challenges, counters };
    });
    await store.forgetDeleted();
    return erased;
  } catch (error) {
    if (error instanceof EraseCountError) return { outcome: "count-mismatch", found: error.found };
    throw error;
  }
}
