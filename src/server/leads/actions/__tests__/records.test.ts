/** @jest-environment node */
import { expect, test } from "@jest/globals";
import { createHash } from "node:crypto";
import { embeddedStoreForFile } from "../../../../test-utils/file-store";
import { makeLead } from "../../../../test-utils/leads";
import { emailCounterKey } from "../../../spam/rate-limit";
import { erasePerson, erasePreview, setLeadStatus, statusFromWord, type Actor } from "..";
import { erasedDigests, erasureDigest } from "../erasure";

// Status and erasure on the embedded engine: what each changes, its one audit line, and nothing
// changed nor recorded when it is refused.

const actor: Actor = { name: "terminal (dpo)", requestId: null };
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const files = embeddedStoreForFile("lead-records-actions-");

const auditLines = async () => (await files.store.audit.page({ limit: 50, offset: 0 })).entries;

test("a status change is stored and recorded with both statuses, in French", async () => {
  const lead = makeLead();
  await files.store.leads.save(lead);
  expect((await files.store.leads.get(lead.id))?.status).toBe("new");

  const result = await setLeadStatus(files.store, actor, lead.id, "in_progress");
  expect(result).toMatchObject({
    outcome: "changed",
    from: "new",
    lead: { status: "in_progress" },
  });
  expect((await files.store.leads.get(lead.id))?.status).toBe("in_progress");
  expect(await auditLines()).toEqual([
    {
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      actor: "terminal (dpo)",
      action: "status",
      leadId: lead.id,
      detail: "statut : nouvelle → en cours",
      requestId: null,
    },
  ]);
});

test("the same status again, or an unknown lead, writes nothing and records nothing", async () => {
  const lead = makeLead();
  await files.store.leads.save(lead);
  expect(await setLeadStatus(files.store, actor, lead.id, "new")).toMatchObject({
    outcome: "unchanged",
  });
  expect(await setLeadStatus(files.store, actor, "inconnue", "done")).toEqual({
    outcome: "not-found",
  });
  expect(await auditLines()).toEqual([]);
});

test.each([
  ["nouvelle", "new"],
  ["en-cours", "in_progress"],
  ["traitee", "done"],
  ["Traitée", "done"],
  ["en cours", undefined],
  ["done", undefined],
  ["<script>", undefined],
])("the word %j names the status %j", (word, status) => {
  expect(statusFromWord(word)).toBe(status);
});

/** One person with two requests, one spent challenge and one counter, and someone else. */
async function twoPeople() {
  const claire = [
    makeLead({ email: "claire.martin@oph-exemple.fr" }),
    makeLead({ email: "Claire.Martin@oph-exemple.fr" }),
  ];
  const paul = makeLead({ email: "paul.durand@oph-exemple.fr" });
  for (const lead of [...claire, paul]) await files.store.leads.save(lead);
  // Keyed by the address's hash, as the spam screen does (src/server/spam/screen.ts).
  const owner = emailCounterKey("claire.martin@oph-exemple.fr");
  const now = Date.now();
  await files.store.ledger.spendChallenge("nonce-1", new Date(now + 60_000), owner);
  await files.store.ledger.countHit(owner, new Date(now - 1000), new Date(now + 60_000));
  return { claire, paul };
}

test("the preview lists what an erasure would delete, and records nothing", async () => {
  const { claire } = await twoPeople();
  const preview = await erasePreview(files.store, "CLAIRE.MARTIN@oph-exemple.fr");
  expect(preview.map((lead) => lead.id)).toEqual(claire.map((lead) => lead.id));
  expect(await auditLines()).toEqual([]);
});

test.each([0, 1, 3])(
  "an erasure confirmed with %i requests instead of 2 changes nothing",
  async (count) => {
    const { claire } = await twoPeople();
    expect(await erasePerson(files.store, actor, "claire.martin@oph-exemple.fr", count)).toEqual({
      outcome: "count-mismatch",
      found: 2,
    });
    for (const lead of claire) expect(await files.store.leads.get(lead.id)).toBeDefined();
    expect(await auditLines()).toEqual([]);
  },
);

test("an erasure with the right count deletes the person's data; its audit line holds counts and digests only", async () => {
  const { claire, paul } = await twoPeople();
  const result = await erasePerson(files.store, actor, "claire.martin@oph-exemple.fr", 2);
  expect(result).toMatchObject({ outcome: "erased", challenges: 1, counters: 1 });
  if (result.outcome !== "erased") return;
  expect(result.leads.map((lead) => lead.id)).toEqual(claire.map((lead) => lead.id));
  for (const lead of claire) expect(await files.store.leads.get(lead.id)).toBeUndefined();
  expect(await files.store.leads.get(paul.id)).toBeDefined();

  const lines = await auditLines();
  expect(lines).toEqual([
    {
      at: expect.any(String),
      actor: "terminal (dpo)",
      action: "erase",
      leadId: null,
      detail: `2 demande(s), 1 défi(s), 1 compteur(s) ; empreintes des références : ${claire
        .map((lead) => sha256(lead.id).slice(0, 32))
        .join(", ")}`,
      requestId: null,
    },
  ]);
  // What a restore reads back from the line to erase them again (src/server/leads/restore.ts).
  expect(erasedDigests(lines[0]!.detail)).toEqual(claire.map((lead) => erasureDigest(lead.id)));
  expect(erasedDigests("1 demande(s), 0 défi(s), 0 compteur(s)")).toEqual([]);
  // Nothing erased survives in the log: not the address, not a name, not a lead's id.
  const text = JSON.stringify(lines).toLowerCase();
  expect(text).not.toContain("claire");
  expect(text).not.toContain("oph-exemple");
  expect(text).not.toContain(claire[0]!.request.lastName.toLowerCase());
  for (const lead of claire) expect(text).not.toContain(lead.id);
});
