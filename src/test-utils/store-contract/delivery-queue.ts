import { beforeEach, describe, expect, test } from "@jest/globals";
import { makeLead } from "../leads";
import type { Engine } from "./engines";

// The delivery queue's contract (src/server/leads/lead-store.ts, DeliveryQueue), run against
// every engine: the embedded one in npm test, PostgreSQL in npm run test:pipeline.

export function deliveryQueueContract(name: string, engine: () => Engine): void {
  describe(`delivery queue on ${name}`, () => {
    beforeEach(() => engine().clear());

    test("two processes claiming at once never get the same delivery; a claim lasts its lease", async () => {
      const { store, second } = engine();
      const leads = Array.from({ length: 30 }, () => makeLead());
      for (const lead of leads) await store.leads.save(lead);
      const now = new Date();
      const [a, b] = await Promise.all([
        store.deliveries.claimDue(now, 60_000),
        second.deliveries.claimDue(now, 60_000),
      ]);
      const [c, d] = await Promise.all([
        store.deliveries.claimDue(now, 60_000),
        second.deliveries.claimDue(now, 60_000),
      ]);
      // A claim is of a lead's channels, not of the lead: the two processes may share a lead's
      // email and webhook between them, and each delivers only the channels it claimed.
      const deliveries = (claim: typeof a) =>
        claim.flatMap((lead) =>
          Object.keys(lead.deliveries).map((channel) => `${lead.id} ${channel}`),
        );
      const claimed = [a, b, c, d].flatMap(deliveries);
      expect(new Set(claimed).size).toBe(claimed.length);
      expect(claimed.sort()).toEqual(deliveries(leads).sort());
      // Leased: nothing due until the lease has passed.
      expect(await store.deliveries.claimDue(now, 60_000)).toEqual([]);
      const later = await store.deliveries.claimDue(new Date(now.getTime() + 61_000), 60_000);
      expect(later.length).toBeGreaterThan(0);
    });

    test("a recorded failure waits for its back-off, unless the claim ignores it; a sent channel is never claimed", async () => {
      const { store } = engine();
      const lead = makeLead({}, { channels: ["email", "webhook"] });
      await store.leads.save(lead);
      const now = new Date();
      const later = new Date(now.getTime() + 60_000).toISOString();
      const failed = {
        state: "pending" as const,
        attempts: 1,
        nextAttemptAt: later,
        lastError: "connect ECONNREFUSED",
        sentAt: null,
      };
      await store.deliveries.recordDelivery(lead.id, "email", failed);
      await store.deliveries.recordDelivery(lead.id, "webhook", {
        state: "sent",
        attempts: 1,
        nextAttemptAt: null,
        lastError: null,
        sentAt: now.toISOString(),
      });
      expect(await store.deliveries.claimDue(now, 1000)).toEqual([]);
      const [claimed] = await store.deliveries.claimDue(now, 1000, { ignoreBackOff: true });
      // Only the channel claimed is handed over; the sent one stays out of the caller's work.
      expect(claimed?.deliveries).toEqual({ email: failed });
      // Claimed: not even a retry takes it again before the lease ends.
      expect(await store.deliveries.claimDue(now, 1000, { ignoreBackOff: true })).toEqual([]);
      expect(await store.leads.get(lead.id)).toMatchObject({
        deliveries: { webhook: { state: "sent" } },
      });
    });

    test("a claim for one lead takes that lead's channels alone, behind older leads", async () => {
      const { store } = engine();
      const older = Array.from({ length: 40 }, () => makeLead());
      const wanted = makeLead();
      for (const lead of [...older, wanted]) await store.leads.save(lead);
      const now = new Date();
      const claimed = await store.deliveries.claimDue(now, 60_000, {
        ignoreBackOff: true,
        leadId: wanted.id,
      });
      expect(claimed.map((lead) => lead.id)).toEqual([wanted.id]);
      expect(Object.keys(claimed[0]!.deliveries).sort()).toEqual(["email", "webhook"]);
      // The others were not touched: every one still due, claimed batch after batch.
      const rest = new Set<string>();
      for (let round = 0; round < 10; round += 1) {
        const batch = await store.deliveries.claimDue(now, 60_000);
        if (batch.length === 0) break;
        for (const lead of batch) rest.add(lead.id);
      }
      expect(rest).toEqual(new Set(older.map((lead) => lead.id)));
      // Leased already: claiming it again takes nothing.
      expect(await store.deliveries.claimDue(now, 60_000, { leadId: wanted.id })).toEqual([]);
    });

    test("a quarantined lead is never claimed until released", async () => {
      const { store } = engine();
      const lead = { ...makeLead(), quarantine: { reason: "champ piège" } };
      await store.leads.save(lead);
      expect(await store.deliveries.claimDue(new Date(), 1000)).toEqual([]);
      await store.leads.release(lead.id);
      expect(
        (await store.deliveries.claimDue(new Date(), 1000)).map((claimed) => claimed.id),
      ).toEqual([lead.id]);
    });
  });
}
