import { beforeEach, describe, expect, test } from "@jest/globals";
import {
  confirmSpam,
  erasePerson,
  releaseLead,
  setLeadStatus,
  type Actor,
} from "../../server/leads/actions";
import { emailCounterKey } from "../../server/spam/rate-limit";
import { makeLead } from "../leads";
import type { Engine } from "./engines";

// Transactions across the store's repositories (src/server/leads/lead-store.ts, LeadStore), and
// the actions on leads that use them so that a change and its audit line commit together
// (src/server/leads/actions/), run against every engine: the embedded one in npm test,
// PostgreSQL in npm run test:pipeline.

const actor: Actor = { name: "ventes@exemple.fr", requestId: "req-1" };
/** An actor whose audit line the database refuses (its column is NOT NULL), after the action. */
const refused = { name: null, requestId: null } as unknown as Actor;
const refusal = /actor/;

const minute = 60_000;
const claire = "claire@exemple.fr";

/** A trigger that refuses every audit line, as a full disk or a lost connection would. */
const refuseAudit = {
  sqlite: {
    on: "CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log BEGIN SELECT RAISE(ABORT, 'audit refused'); END;",
    off: "DROP TRIGGER refuse_audit;",
  },
  postgres: {
    on: `CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
           BEGIN RAISE EXCEPTION 'audit refused'; END $$;
         CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log
           FOR EACH ROW EXECUTE FUNCTION refuse_audit();`,
    off: "DROP TRIGGER refuse_audit ON audit_log; DROP FUNCTION refuse_audit();",
  },
};

export function transactionsContract(name: string, engine: () => Engine): void {
  describe(`transactions on ${name}`, () => {
    beforeEach(() => engine().clear());

    const auditLines = async () => (await engine().store.audit.page({ limit: 1, offset: 0 })).total;

    test("writes through several repositories commit together, or none does", async () => {
      const { store, second } = engine();
      const now = new Date();
      const link = (tokenHash: string) => ({
        tokenHash,
        email: "ventes@exemple.fr",
        createdAt: now,
        expiresAt: new Date(now.getTime() + 15 * minute),
      });
      const kept = makeLead();
      const outcome = await store.transaction(async (repos) => {
        await repos.leads.save(kept);
        await repos.team.createLink(link("a".repeat(64)));
        return "committed";
      });
      expect(outcome).toBe("committed");

      const dropped = makeLead();
      await expect(
        store.transaction(async (repos) => {
          await repos.leads.save(dropped);
          await repos.team.createLink(link("b".repeat(64)));
          // Seen inside the transaction, before it is abandoned.
          expect(await repos.leads.get(dropped.id)).toEqual(dropped);
          throw new Error("abandoned");
        }),
      ).rejects.toThrow("abandoned");

      expect(await second.leads.get(kept.id)).toEqual(kept);
      expect(await second.team.useLink("a".repeat(64), now)).toEqual({
        email: "ventes@exemple.fr",
      });
      expect(await second.leads.get(dropped.id)).toBeUndefined();
      expect(await second.team.useLink("b".repeat(64), now)).toBeUndefined();
    });

    test("a repository's own transaction runs within the enclosing one, and rolls back with it", async () => {
      const { store, second } = engine();
      const lead = makeLead({ email: claire });
      await store.leads.save(lead);
      // Another person's challenge and counter, which the erasure of Claire leaves.
      const other = emailCounterKey("paul@exemple.fr");
      const expiresAt = new Date(Date.now() + 5 * minute);
      const windowStart = new Date();
      const windowEnd = new Date(windowStart.getTime() + minute);
      await expect(
        store.transaction(async (repos) => {
          expect(await repos.ledger.spendChallenge("paul-1", expiresAt, other)).toBe(true);
          expect(await repos.ledger.countHit(other, windowStart, windowEnd, "hit-1")).toBe(1);
          expect((await repos.leads.erase(claire, 1)).leads).toEqual([lead]);
          throw new Error("abandoned");
        }),
      ).rejects.toThrow("abandoned");
      expect(await second.leads.get(lead.id)).toEqual(lead);
      // Neither spent nor counted: the next request is the first again.
      expect(await second.ledger.spendChallenge("paul-1", expiresAt, other)).toBe(true);
      expect(await second.ledger.countHit(other, windowStart, windowEnd, "hit-2")).toBe(1);
    });

    test("a status change whose audit line is refused is undone", async () => {
      const { store } = engine();
      const lead = makeLead();
      await store.leads.save(lead);
      await expect(setLeadStatus(store, refused, lead.id, "done")).rejects.toThrow(refusal);
      expect((await store.leads.get(lead.id))?.status).toBe("new");
      expect(await auditLines()).toBe(0);
      expect(await setLeadStatus(store, actor, lead.id, "done")).toMatchObject({
        outcome: "changed",
      });
      expect(await auditLines()).toBe(1);
    });

    test("a spam confirmation whose audit line is refused keeps the lead", async () => {
      const { store } = engine();
      const lead = { ...makeLead(), quarantine: { reason: "rempli en 2 s" } };
      await store.leads.save(lead);
      await expect(confirmSpam(store, refused, lead.id)).rejects.toThrow(refusal);
      expect(await store.leads.get(lead.id)).toEqual(lead);
      expect(await auditLines()).toBe(0);
      expect(await confirmSpam(store, actor, lead.id)).toEqual({ outcome: "deleted" });
      expect(await auditLines()).toBe(1);
    });

    test("a release whose audit line is refused stays in quarantine, undelivered", async () => {
      const { store } = engine();
      const lead = {
        ...makeLead({}, { channels: ["webhook"] }),
        quarantine: { reason: "rempli en 2 s" },
      };
      await store.leads.save(lead);
      await expect(releaseLead(store, refused, lead.id)).rejects.toThrow(refusal);
      expect(await store.leads.get(lead.id)).toEqual(lead);
      expect(await auditLines()).toBe(0);
    });

    test("an erasure whose audit line is refused erases nothing", async () => {
      const { store } = engine();
      const leads = [makeLead({ email: claire }), makeLead({ email: claire })];
      for (const lead of leads) await store.leads.save(lead);
      const owner = emailCounterKey(claire);
      const expiresAt = new Date(Date.now() + 5 * minute);
      await store.ledger.spendChallenge("claire-1", expiresAt, owner);

      await expect(erasePerson(store, refused, claire, 2)).rejects.toThrow(refusal);
      expect(await store.leads.findByEmail(claire)).toEqual(leads);
      expect(await store.ledger.spendChallenge("claire-1", expiresAt, owner)).toBe(false);
      expect(await auditLines()).toBe(0);

      expect(await erasePerson(store, actor, claire, 3)).toEqual({
        outcome: "count-mismatch",
        found: 2,
      });
      expect(await erasePerson(store, actor, claire, 2)).toMatchObject({
        outcome: "erased",
        challenges: 1,
      });
      expect(await store.leads.findByEmail(claire)).toEqual([]);
      expect(await auditLines()).toBe(1);
    });

    test("a journal that refuses the line (a trigger) leaves every action undone", async () => {
      const { store, second } = engine();
      const sql = refuseAudit[store.database.engine];
      const lead = makeLead({ email: claire });
      const spam = { ...makeLead(), quarantine: { reason: "rempli en 2 s" } };
      await store.leads.save(lead);
      await store.leads.save(spam);
      await store.database.transaction((client) => client.script(sql.on));
      try {
        await expect(setLeadStatus(store, actor, lead.id, "done")).rejects.toThrow(/refused/);
        await expect(confirmSpam(store, actor, spam.id)).rejects.toThrow(/refused/);
        await expect(erasePerson(store, actor, claire, 1)).rejects.toThrow(/refused/);
      } finally {
        await store.database.transaction((client) => client.script(sql.off));
      }
      expect(await second.leads.get(lead.id)).toEqual(lead);
      expect(await second.leads.get(spam.id)).toEqual(spam);
      expect(await auditLines()).toBe(0);
    });

    test("two status changes at once journal the history as it was", async () => {
      const { store, second } = engine();
      const lead = makeLead();
      await store.leads.save(lead);
      const results = await Promise.all([
        setLeadStatus(store, actor, lead.id, "in_progress"),
        setLeadStatus(second, { ...actor, requestId: "req-2" }, lead.id, "done"),
      ]);
      expect(results.map((result) => result.outcome)).toEqual(["changed", "changed"]);
      const { entries } = await store.audit.page({ limit: 10, offset: 0 });
      // Newest first: the older line's « after » is the newer line's « before ».
      const [newer, older] = entries.map((entry) => /statut : (.+) → (.+)/.exec(entry.detail!)!);
      expect(older![1]).toBe("nouvelle");
      expect(newer![1]).toBe(older![2]);
      const final = (await second.leads.get(lead.id))!.status;
      expect(newer![2]).toBe(final === "done" ? "traitée" : "en cours");
    });
  });
}
