import { beforeEach, describe, expect, test } from "@jest/globals";
import {
  addNote,
  confirmSpam,
  erasePerson,
  giveLead,
  medianReplyMinutes,
  releaseLead,
  takeLead,
  type Actor,
} from "../../server/leads/actions";
import { purgeExpired } from "../../server/leads/retention";
import { makeLead } from "../leads";
import type { Engine } from "./engines";

// Sales' work on leads (src/server/leads/actions/owner-and-notes.ts) on every engine: an owner
// taken once by two members at once, a lead given, notes kept in order and erased with their lead,
// and the retention counted from the last contact.

const ventes: Actor = { name: "ventes@exemple.fr", requestId: "req-1" };
const commercial: Actor = { name: "commercial@exemple.fr", requestId: "req-2" };
const team = new Map([
  ["ventes@exemple.fr", "sales" as const],
  ["commercial@exemple.fr", "sales" as const],
  ["dpo@exemple.fr", "admin" as const],
]);
const dayMs = 86_400_000;

export function salesWorkContract(name: string, engine: () => Engine): void {
  describe(`sales' work on ${name}`, () => {
    beforeEach(() => engine().clear());

    test("two members taking a lead at once: one has it, the other is told who", async () => {
      const { store, second } = engine();
      const lead = makeLead();
      await store.leads.save(lead);
      const results = await Promise.all([
        takeLead(store, ventes, lead.id),
        takeLead(second, commercial, lead.id),
      ]);
      const owner = (await store.leads.get(lead.id))!.owner;
      expect([ventes.name, commercial.name]).toContain(owner);
      expect(results.map((result) => result.outcome).sort()).toEqual(["changed", "taken"]);
      expect(results.find((result) => result.outcome === "taken")).toEqual({
        outcome: "taken",
        owner,
      });
      const { entries } = await store.audit.page({ limit: 10, offset: 0 });
      expect(entries.map((entry) => entry.detail)).toEqual([`responsable : ${owner}`]);
    });

    test("counts a lead whose owner left the team as no one's, which anyone may take", async () => {
      const { store, second } = engine();
      const [left, kept, free] = [makeLead(), makeLead(), makeLead()];
      for (const lead of [left, kept, free]) await store.leads.save(lead);
      await takeLead(store, { name: "parti@exemple.fr", requestId: null }, left.id);
      await takeLead(store, ventes, kept.id);
      const members = [...team.keys()];
      const unowned = async (members?: string[]) =>
        (await second.inbox.page({ owner: null, team: members, limit: 10, offset: 0 })).leads
          .map((lead) => lead.id)
          .sort();
      expect(await unowned(members)).toEqual([left.id, free.id].sort());
      expect(await unowned()).toEqual([free.id]);
      expect(await unowned([])).toEqual([left.id, kept.id, free.id].sort());
      expect(await takeLead(second, commercial, kept.id, members)).toMatchObject({
        outcome: "taken",
        owner: ventes.name,
      });
      expect(await takeLead(second, commercial, left.id, members)).toMatchObject({
        outcome: "changed",
        previous: "parti@exemple.fr",
      });
      expect((await store.leads.get(left.id))?.owner).toBe(commercial.name);
    });

    test("gives a lead to a member of the team only, and lists the leads by owner", async () => {
      const { store } = engine();
      const [mine, free] = [makeLead(), makeLead()];
      await store.leads.save(mine);
      await store.leads.save(free);
      expect(await giveLead(store, team, ventes, mine.id, "inconnu@exemple.fr")).toEqual({
        outcome: "not-a-member",
      });
      expect(await giveLead(store, team, ventes, mine.id, " Commercial@Exemple.fr ")).toMatchObject(
        { outcome: "changed", previous: null },
      );
      const page = (owner: string | null) =>
        store.inbox.page({ owner, limit: 10, offset: 0 }).then((p) => p.leads.map((l) => l.id));
      expect(await page("commercial@exemple.fr")).toEqual([mine.id]);
      expect(await page(null)).toEqual([free.id]);
      const { entries } = await store.audit.page({ limit: 10, offset: 0 });
      expect(entries[0]?.detail).toBe("responsable : personne → commercial@exemple.fr");
    });

    test("keeps notes in order, as typed, and erases them with their lead", async () => {
      const { store, second } = engine();
      const lead = makeLead({ email: "claire@exemple.fr" });
      await store.leads.save(lead);
      const hostile = '<script>alert(1)</script> =HYPERLINK("x") \u0007 ligne\r\nsuivante';
      expect(await addNote(store, ventes, lead.id, "  Premier appel.  ")).toEqual({
        outcome: "added",
      });
      expect(await addNote(store, commercial, lead.id, hostile)).toEqual({ outcome: "added" });
      expect(await addNote(store, ventes, lead.id, " \n ")).toEqual({ outcome: "empty" });
      expect(await addNote(store, ventes, lead.id, "x".repeat(5001))).toEqual({
        outcome: "too-long",
        length: 5001,
      });
      expect(await addNote(store, ventes, "00000000-0000-4000-8000-000000000000", "?")).toEqual({
        outcome: "not-found",
      });
      const notes = (await second.notes.of([lead.id])).get(lead.id)!;
      expect(notes.map((note) => [note.author, note.text])).toEqual([
        [ventes.name, "Premier appel."],
        [commercial.name, '<script>alert(1)</script> =HYPERLINK("x")  ligne\nsuivante'],
      ]);
      expect(await erasePerson(store, ventes, "claire@exemple.fr")).toMatchObject({
        outcome: "erased",
      });
      expect((await second.notes.of([lead.id])).get(lead.id)).toEqual([]);
    });

    test("keeps a lead its retention from its last contact, not from its arrival", async () => {
      const { store } = engine();
      const now = new Date();
      const old = (daysAgo: number) => ({
        ...makeLead(),
        receivedAt: new Date(now.getTime() - daysAgo * dayMs).toISOString(),
      });
      const [contacted, forgotten] = [old(400), old(400)];
      await store.leads.save(contacted);
      await store.leads.save(forgotten);
      await addNote(
        store,
        ventes,
        contacted.id,
        "Rappelée : devis en cours.",
        new Date(now.getTime() - 10 * dayMs),
      );
      expect((await purgeExpired(store, 365, now)).deleted).toBe(1);
      expect(await store.leads.get(contacted.id)).toBeDefined();
      expect(await store.leads.get(forgotten.id)).toBeUndefined();
    });

    test("tells each lead's first reply, for the median delay of the last 30 days", async () => {
      const { store, second } = engine();
      const now = Date.now();
      const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
      const lead = (receivedMinutesAgo: number) => ({
        ...makeLead(),
        receivedAt: at(receivedMinutesAgo),
      });
      const [fast, slow, unanswered, old] = [lead(100), lead(300), lead(50), lead(60 * 24 * 40)];
      for (const one of [fast, slow, unanswered, old]) await store.leads.save(one);
      const reply = (id: string, minutesAgo: number) =>
        store.notes.add(id, {
          at: at(minutesAgo),
          author: ventes.name,
          text: "Bonjour",
          kind: "reply",
        });
      await reply(fast.id, 90); // 10 min after
      await reply(fast.id, 10); // a second reply: not the first
      await reply(slow.id, 60); // 240 min after
      await reply(old.id, 60 * 24 * 39);
      await addNote(store, ventes, unanswered.id, "Pas une réponse : une note.");
      const replies = await second.notes.firstReplies(new Date(now - 30 * dayMs));
      expect(
        replies
          .map((r) => (Date.parse(r.repliedAt) - Date.parse(r.receivedAt)) / 60_000)
          .sort((a, b) => a - b),
      ).toEqual([10, 240]);
      expect(medianReplyMinutes(replies)).toBe(125);
      expect(medianReplyMinutes([])).toBeNull();
    });

    test("counts what each anti-bot rule held, and what the team released or deleted, over 90 days", async () => {
      const { store, second } = engine();
      const held = (rule: string) => ({
        ...makeLead(),
        quarantine: { reason: "formulaire rempli en 0,8 s", rule },
      });
      const [person, robot, other] = [held("too-fast"), held("too-fast"), held("trap")];
      for (const lead of [person, robot, other]) await store.leads.save(lead);
      expect(await releaseLead(store, ventes, person.id)).toMatchObject({ outcome: "released" });
      expect(await confirmSpam(store, ventes, robot.id)).toEqual({ outcome: "deleted" });
      const since = new Date(Date.now() - 90 * dayMs);
      expect(await second.verdicts.tally(since)).toEqual([
        { rule: "too-fast", held: 2, released: 1, spam: 1 },
        { rule: "trap", held: 1, released: 0, spam: 0 },
      ]);
      // Past 90 days, the purge forgets them.
      expect((await purgeExpired(store, 365, new Date(Date.now() + 91 * dayMs))).deleted).toBe(0);
      expect(await second.verdicts.tally(new Date(0))).toEqual([]);
    });
  });
}
