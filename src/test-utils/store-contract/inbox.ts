import { beforeEach, describe, expect, test } from "@jest/globals";
import type { Lead } from "../../server/leads/lead-store";
import type { QuoteRequest } from "../../shared/quote-request/quote-request";
import { makeLead } from "../leads";
import type { Engine } from "./engines";

// The inbox's part of the lead records' contract (src/server/leads/lead-store.ts: inbox,
// matching, setStatus, remove, quarantineCount), run against every engine: the embedded one in
// npm test, PostgreSQL in npm run test:pipeline. The search gives the same answers on both.

const base = Date.parse("2026-03-02T09:00:00.000Z");
const minute = 60_000;

/** A lead received `minutes` after the base instant. */
function at(minutes: number, overrides: Partial<QuoteRequest> = {}, extra: Partial<Lead> = {}) {
  return {
    ...makeLead(overrides),
    receivedAt: new Date(base + minutes * minute).toISOString(),
    ...extra,
  };
}

const ids = (leads: Lead[]) => leads.map((lead) => lead.id);

export function inboxContract(name: string, engine: () => Engine): void {
  describe(`the inbox's records on ${name}`, () => {
    beforeEach(() => engine().clear());

    async function saveAll(...leads: Lead[]): Promise<void> {
      for (const lead of leads) await engine().store.leads.save(lead);
    }

    test("pages newest first, a tie in insertion order (the last stored first), with the total", async () => {
      const { store, second } = engine();
      const oldest = at(0);
      const tieFirst = at(5);
      const tieSecond = at(5);
      const newest = at(9);
      // Stored last, received before the others: its clock decides, not its insertion.
      const late = at(1);
      await saveAll(oldest, tieFirst, tieSecond, newest, late);
      const expected = ids([newest, tieSecond, tieFirst, late, oldest]);
      const first = await store.inbox.page({ limit: 2, offset: 0 });
      expect(first).toEqual({ leads: [newest, tieSecond], total: 5 });
      expect(ids((await second.inbox.page({ limit: 2, offset: 2 })).leads)).toEqual(
        expected.slice(2, 4),
      );
      expect(await store.inbox.page({ limit: 2, offset: 4 })).toEqual({
        leads: [oldest],
        total: 5,
      });
      expect(await store.inbox.page({ limit: 2, offset: 10 })).toEqual({ leads: [], total: 5 });
      expect(await store.inbox.page({ limit: 0, offset: 0 })).toEqual({ leads: [], total: 5 });
      expect(ids(await store.inbox.matching({}))).toEqual(expected);
      await expect(store.inbox.page({ limit: -1, offset: 0 })).rejects.toThrow(RangeError);
      await expect(store.inbox.page({ limit: 10, offset: 1.5 })).rejects.toThrow(RangeError);
    });

    test("filters by status, quarantine and dates, each alone and together", async () => {
      const { store } = engine();
      const spam = { quarantine: { reason: "formulaire rempli en 0,4 s" } };
      const a = at(0, { company: "OPH de Lyon" });
      const b = at(10, { company: "OPH de Lyon" }, spam);
      const c = at(20, { company: "Habitat du Nord" });
      const d = at(30, { company: "OPH de Lyon" }, spam);
      const e = at(40, { company: "Habitat du Nord" });
      await saveAll(a, b, c, d, e);
      await store.inbox.setStatus(a.id, "done");
      await store.inbox.setStatus(c.id, "in_progress");
      await store.inbox.setStatus(d.id, "in_progress");
      const page = async (query: Parameters<typeof store.inbox.matching>[0]) => {
        const found = await store.inbox.page({ ...query, limit: 10, offset: 0 });
        expect(found.total).toBe(found.leads.length);
        expect(ids(await store.inbox.matching(query))).toEqual(ids(found.leads));
        return ids(found.leads);
      };
      expect(await page({ status: "new" })).toEqual(ids([e, b]));
      expect(await page({ status: "in_progress" })).toEqual(ids([d, c]));
      expect(await page({ status: "done" })).toEqual(ids([a]));
      expect(await page({ quarantine: "only" })).toEqual(ids([d, b]));
      expect(await page({ quarantine: "none" })).toEqual(ids([e, c, a]));
      // From is included, to is not.
      const from = new Date(base + 10 * minute);
      const to = new Date(base + 30 * minute);
      expect(await page({ from })).toEqual(ids([e, d, c, b]));
      expect(await page({ to })).toEqual(ids([c, b, a]));
      expect(await page({ from, to })).toEqual(ids([c, b]));
      expect(await page({ search: "oph de lyon" })).toEqual(ids([d, b, a]));
      expect(await page({ status: "in_progress", quarantine: "only" })).toEqual(ids([d]));
      expect(await page({ search: "OPH", quarantine: "none", from: new Date(base) })).toEqual(
        ids([a]),
      );
      expect(await page({ search: "lyon", status: "new", quarantine: "only", from, to })).toEqual(
        ids([b]),
      );
      expect(await page({ status: "done", quarantine: "only" })).toEqual([]);
    });

    test("searches the full name, organisation, email and message, without case or accents", async () => {
      const { store } = engine();
      const elodie = at(0, {
        firstName: "Élodie",
        lastName: "Lefèvre-N’Diaye",
        company: "Œuvre des Cités Straße",
        email: "e.lefevre@oph-exemple.fr",
        message: "Nous gérons 4 200 logements ; « relances » souhaitées dès janvier.",
      });
      // Typed decomposed (an accent as a character of its own), as some systems send it.
      const gerard = at(1, {
        firstName: "Ge\u0301rard",
        lastName: "DURAND",
        company: "Habitat du Nord",
        email: "g.durand@habitat-nord.fr",
        message: "Un parc de 1\u00a0200 logements à Lille, impayés en hausse.",
      });
      await saveAll(elodie, gerard);
      const found = async (search: string) =>
        ids((await store.inbox.page({ search, limit: 10, offset: 0 })).leads);
      for (const search of [
        "élodie",
        "ELODIE",
        "Elodie",
        "ÉLODIE",
        "E\u0301lodie",
        "élodie lefèvre",
      ]) {
        expect([search, await found(search)]).toEqual([search, [elodie.id]]);
      }
      for (const search of [
        "lefevre-n'diaye",
        "N’DIAYE",
        "oeuvre des cites",
        "strasse",
        "GERONS",
      ]) {
        expect([search, await found(search)]).toEqual([search, [elodie.id]]);
      }
      for (const search of [
        "gérard",
        "GERARD durand",
        "1 200 logements",
        "IMPAYES",
        "@habitat-nord",
      ]) {
        expect([search, await found(search)]).toEqual([search, [gerard.id]]);
      }
      expect(await found("  durand  ")).toEqual([gerard.id]);
      expect(await found("logements")).toEqual([gerard.id, elodie.id]);
      expect(await found("   ")).toEqual([gerard.id, elodie.id]);
      // Each field on its own: the last name and the organisation do not run into each other.
      expect(await found("durand habitat")).toEqual([]);
      expect(await found("diaye oeuvre")).toEqual([]);
    });

    test("searches %, _, backslashes and quotes as plain characters", async () => {
      const { store } = engine();
      const percent = at(0, {
        message: "Remise de 100 % sur les frais, dossier C:\\impayés\\2026.",
      });
      const underscore = at(1, { email: "jean_dupont@bailleur.fr", lastName: "O'Brien" });
      const quoted = at(2, {
        company: `'); DROP TABLE leads; -- "guillemets"`,
        message: "Plain text abc without any of the characters that LIKE treats apart.",
      });
      await saveAll(percent, underscore, quoted);
      const found = async (search: string) =>
        ids((await store.inbox.matching({ search })).reverse());
      expect(await found("%")).toEqual([percent.id]);
      expect(await found("100 %")).toEqual([percent.id]);
      expect(await found("_")).toEqual([underscore.id]);
      expect(await found("jean_dupont")).toEqual([underscore.id]);
      expect(await found("a_c")).toEqual([]);
      expect(await found("b%")).toEqual([]);
      expect(await found("C:\\impayés\\")).toEqual([percent.id]);
      expect(await found("\\%")).toEqual([]);
      expect(await found("o'brien")).toEqual([underscore.id]);
      expect(await found(`"guillemets"`)).toEqual([quoted.id]);
      expect(await found("'); DROP TABLE leads; --")).toEqual([quoted.id]);
      expect(await found("''")).toEqual([]);
      expect((await store.leads.list()).length).toBe(3);
    });

    test("searches 10,000-character fields to their end; a search longer than any lead finds none", async () => {
      const { store } = engine();
      const long = at(0, { message: `${"Relance ".repeat(1249)}AIGUILLE` });
      const other = at(1);
      await saveAll(long, other);
      expect(long.request.message.length).toBe(10_000);
      expect((await store.inbox.page({ search: "aiguille", limit: 5, offset: 0 })).leads).toEqual([
        long,
      ]);
      expect(
        ids(await store.inbox.matching({ search: long.request.message.slice(-9000) })),
      ).toEqual([long.id]);
      expect(await store.inbox.page({ search: "x".repeat(10_001), limit: 5, offset: 0 })).toEqual({
        leads: [],
        total: 0,
      });
    });

    test("sets a status for every process; an unknown lead is undefined", async () => {
      const { store, second } = engine();
      const lead = at(0);
      await store.leads.save(lead);
      expect((await store.leads.get(lead.id))?.status).toBe("new");
      expect(await store.inbox.setStatus(lead.id.toUpperCase(), "in_progress")).toEqual({
        lead: { ...lead, status: "in_progress" },
        previous: "new",
      });
      expect((await second.leads.get(lead.id))?.status).toBe("in_progress");
      expect(await second.inbox.setStatus(lead.id, "done")).toMatchObject({
        lead: { status: "done" },
        previous: "in_progress",
      });
      expect(
        await store.inbox.setStatus("00000000-0000-4000-8000-000000000000", "done"),
      ).toBeUndefined();
      expect(await store.inbox.setStatus("not-a-uuid", "done")).toBeUndefined();
    });

    test("removes a quarantined lead with its deliveries, never a released one; counts the quarantine", async () => {
      const { store, second } = engine();
      const spam = { ...at(0), quarantine: { reason: "champ piège" } };
      const other = { ...at(1), quarantine: { reason: "trop rapide" } };
      const kept = at(2);
      await saveAll(spam, other, kept);
      expect(await store.inbox.quarantineCount()).toBe(2);
      expect(await store.inbox.removeQuarantined(kept.id)).toBe(false);
      expect(await second.leads.get(kept.id)).toBeDefined();
      expect(await store.inbox.removeQuarantined(spam.id)).toBe(true);
      expect(await store.inbox.removeQuarantined(spam.id)).toBe(false);
      expect(await store.inbox.removeQuarantined("not-a-uuid")).toBe(false);
      expect(await second.leads.get(spam.id)).toBeUndefined();
      const { rows } = await store.database.query<{ n: number | string }>(
        "SELECT count(*) AS n FROM lead_deliveries WHERE lead_id = $1",
        [spam.id],
      );
      expect(Number(rows[0]?.n)).toBe(0);
      expect(await second.inbox.quarantineCount()).toBe(1);
      await store.leads.release(other.id);
      expect(await store.inbox.quarantineCount()).toBe(0);
      expect(ids(await store.leads.list())).toEqual(ids([other, kept]));
    });
  });
}
