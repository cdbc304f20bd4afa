import { beforeEach, describe, expect, test } from "@jest/globals";
import { emailCounterKey } from "../../server/spam/rate-limit";
import { makeLead } from "../leads";
import type { Engine } from "./engines";

// The lead records' contract (src/server/leads/lead-store.ts, LeadRecords), run against every
// engine: the embedded one in npm test, PostgreSQL in npm run test:pipeline.

const day = 86_400_000;

export function leadRecordsContract(name: string, engine: () => Engine): void {
  describe(`lead records on ${name}`, () => {
    beforeEach(() => engine().clear());

    test("save, replay, conflict; get and list read back exactly what was stored", async () => {
      const { store } = engine();
      const lead = makeLead();
      expect(await store.leads.save(lead)).toEqual({ outcome: "created", lead });
      const replay = await store.leads.save({
        ...makeLead(),
        idempotencyKey: lead.idempotencyKey,
        fingerprint: lead.fingerprint,
      });
      expect(replay).toEqual({ outcome: "replayed", lead });
      const conflict = await store.leads.save({
        ...makeLead({ company: "Autre" }),
        idempotencyKey: lead.idempotencyKey,
      });
      expect(conflict).toEqual({ outcome: "conflict" });
      expect(await store.leads.get(lead.id)).toEqual(lead);
      expect(await store.leads.get("not-a-uuid")).toBeUndefined();
      const keyless = makeLead({}, { key: null });
      await store.leads.save(keyless);
      await store.leads.save({ ...makeLead({}, { key: null }), id: crypto.randomUUID() });
      const ids = (await store.leads.list()).map((stored) => stored.id);
      expect(ids.slice(0, 2)).toEqual([lead.id, keyless.id]);
      expect(ids).toHaveLength(3);
    });

    test("text that looks like SQL, quotes, backslashes and placeholders is stored as typed", async () => {
      const { store, second } = engine();
      const typed = {
        lastName: "O'Brien \\ d'Arc",
        company: "'); DROP TABLE leads; -- $1 $2",
        message: "Ligne 1\nLigne 2 : « 100 % » \\' \\\\ $$ E'x' ☀",
        email: "o'brien@hlm-exemple.fr",
      };
      const lead = makeLead(typed, { key: "clé $1 ' \\" });
      expect(await store.leads.save(lead)).toEqual({ outcome: "created", lead });
      expect(await second.leads.get(lead.id)).toEqual(lead);
      expect(await store.leads.findByKey("clé $1 ' \\")).toEqual(lead);
      expect(await store.leads.findByEmail("O'BRIEN@hlm-exemple.fr")).toEqual([lead]);
      expect(await store.leads.list()).toEqual([lead]);
    });

    test("the same key saved by two processes at once is stored once", async () => {
      const { store, second } = engine();
      const lead = makeLead();
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? second : store).leads.save({ ...lead, id: crypto.randomUUID() }),
        ),
      );
      expect(results.filter((r) => r.outcome === "created")).toHaveLength(1);
      expect(results.filter((r) => r.outcome === "replayed")).toHaveLength(19);
      expect((await second.leads.list()).map((stored) => stored.idempotencyKey)).toEqual([
        lead.idempotencyKey,
      ]);
    });

    test("releases a quarantined lead, for every process", async () => {
      const { store, second } = engine();
      const lead = { ...makeLead(), quarantine: { reason: "formulaire rempli en 0.4 s" } };
      await store.leads.save(lead);
      const [first, again] = await Promise.all([
        store.leads.release(lead.id),
        second.leads.release(lead.id),
      ]);
      // Two releases at once (two members, a double click): one succeeds.
      expect([first, again].filter(Boolean)).toHaveLength(1);
      expect((first ?? again)?.quarantine).toBeNull();
      expect((await second.leads.get(lead.id))?.quarantine).toBeNull();
      expect(await store.leads.release("00000000-0000-4000-8000-000000000000")).toBeUndefined();
    });

    test("purges the leads received before the retention date, and only them", async () => {
      const { store } = engine();
      const now = new Date();
      const aged = (email: string, days: number, quarantine: { reason: string } | null = null) => ({
        ...makeLead({ email }),
        receivedAt: new Date(now.getTime() - days * day).toISOString(),
        quarantine,
      });
      const old = aged("ancien@exemple.fr", 1100);
      const oldSpam = aged("robot@exemple.fr", 1096, { reason: "champ piège" });
      const recent = aged("recent@exemple.fr", 1094);
      for (const lead of [old, oldSpam, recent]) await store.leads.save(lead);
      expect(await store.leads.purge(new Date(now.getTime() - 1095 * day), now)).toBe(2);
      expect((await store.leads.list()).map((lead) => lead.id)).toEqual([recent.id]);
    });

    test("finds and erases one person's leads, challenges and counters, leaving the others", async () => {
      const { store } = engine();
      const claire = emailCounterKey("claire.martin@oph-exemple.fr");
      const paul = emailCounterKey("paul.durand@oph-exemple.fr");
      const hers = [
        makeLead({ email: "Claire.Martin@OPH-exemple.fr" }),
        makeLead({ email: "claire.martin@oph-exemple.fr" }),
      ];
      const his = makeLead({ email: "paul.durand@oph-exemple.fr" });
      for (const lead of [...hers, his]) await store.leads.save(lead);
      const expiresAt = new Date(Date.now() + 600_000);
      await store.ledger.spendChallenge("claire-1", expiresAt, claire);
      await store.ledger.spendChallenge("paul-1", expiresAt, paul);
      const start = new Date(Math.floor(Date.now() / day) * day);
      const end = new Date(start.getTime() + day);
      await store.ledger.countHit(claire, start, end);
      await store.ledger.countHit(paul, start, end);

      const found = await store.leads.findByEmail("claire.martin@oph-exemple.fr");
      expect(found.map((lead) => lead.id)).toEqual(hers.map((lead) => lead.id));
      // Confirmed for another number of requests (one arrived since the list): nothing goes.
      await expect(store.leads.erase("claire.martin@oph-exemple.fr", 1)).rejects.toMatchObject({
        name: "EraseCountError",
        found: 2,
      });
      expect(await store.leads.findByEmail("claire.martin@oph-exemple.fr")).toHaveLength(2);
      expect(await store.ledger.spendChallenge("claire-1", expiresAt, "x")).toBe(false);
      const erased = await store.leads.erase(" CLAIRE.martin@oph-exemple.fr ", 2);
      expect(erased.leads.map((lead) => lead.id)).toEqual(hers.map((lead) => lead.id));
      expect(erased).toMatchObject({ challenges: 1, counters: 1 });
      expect(await store.leads.findByEmail("claire.martin@oph-exemple.fr")).toEqual([]);
      expect(await store.leads.get(his.id)).toBeDefined();
      // Her counter starts again from zero; his went on counting.
      expect(await store.ledger.countHit(claire, start, end)).toBe(1);
      expect(await store.ledger.countHit(paul, start, end)).toBe(2);
      expect(await store.ledger.spendChallenge("paul-1", expiresAt, "x")).toBe(false);
      expect(await store.ledger.spendChallenge("claire-1", expiresAt, "x")).toBe(true);
    });

    test("an erase beside a burst of saves deletes only what it listed", async () => {
      const { store, second } = engine();
      const email = "burst@oph-exemple.fr";
      const saves = Array.from({ length: 30 }, () => makeLead({ email }));
      const [erased] = await Promise.all([
        second.leads.erase(email),
        Promise.all(saves.map((lead) => store.leads.save(lead))),
      ]);
      const left = (await store.leads.findByEmail(email)).map((lead) => lead.id);
      const gone = erased.leads.map((lead) => lead.id);
      // Every save answered "created" is either erased on purpose or still there, once.
      expect([...gone, ...left].sort()).toEqual(saves.map((lead) => lead.id).sort());
    });
  });
}
