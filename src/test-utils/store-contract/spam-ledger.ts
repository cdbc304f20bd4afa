import { beforeEach, describe, expect, test } from "@jest/globals";
import type { Engine } from "./engines";

// The anti-spam ledger's contract (src/server/leads/lead-store.ts, SpamLedger), run against every
// engine: the embedded one in npm test, PostgreSQL in npm run test:pipeline.

export function spamLedgerContract(name: string, engine: () => Engine): void {
  describe(`anti-spam ledger on ${name}`, () => {
    beforeEach(() => engine().clear());

    test("spends a challenge once, across processes, even when both try at the same moment", async () => {
      const { store, second } = engine();
      const expiresAt = new Date(Date.now() + 600_000);
      const outcomes = await Promise.all([
        store.ledger.spendChallenge("nonce-race", expiresAt, "email:a"),
        second.ledger.spendChallenge("nonce-race", expiresAt, "email:a"),
      ]);
      expect(outcomes.sort()).toEqual([false, true]);
      expect(await second.ledger.spendChallenge("nonce-race", expiresAt, "email:a")).toBe(false);
      expect(await store.ledger.spendChallenge("nonce-other", expiresAt, "email:a")).toBe(true);
    });

    test("counts hits per key and window, shared by every process", async () => {
      const { store, second } = engine();
      const start = new Date(Math.floor(Date.now() / 600_000) * 600_000);
      const end = new Date(start.getTime() + 600_000);
      const counts = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 ? second : store).ledger.countHit("address:203.0.113.9", start, end),
        ),
      );
      expect(counts.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(await store.ledger.countHit("address:203.0.113.10", start, end)).toBe(1);
      const next = new Date(end.getTime() + 600_000);
      expect(await store.ledger.countHit("address:203.0.113.9", end, next)).toBe(1);
    });

    test("lets the same spender through again, at once and after; another spender, or none, never", async () => {
      const { store, second } = engine();
      const expiresAt = new Date(Date.now() + 600_000);
      const outcomes = await Promise.all([
        store.ledger.spendChallenge("nonce-replay", expiresAt, "email:a", "spender-1"),
        second.ledger.spendChallenge("nonce-replay", expiresAt, "email:a", "spender-1"),
      ]);
      expect(outcomes).toEqual([true, true]);
      expect(
        await second.ledger.spendChallenge("nonce-replay", expiresAt, "email:a", "spender-1"),
      ).toBe(true);
      expect(
        await store.ledger.spendChallenge("nonce-replay", expiresAt, "email:a", "spender-2"),
      ).toBe(false);
      expect(await store.ledger.spendChallenge("nonce-replay", expiresAt, "email:a", null)).toBe(
        false,
      );
      // Spent without a spender (no Idempotency-Key): nobody gets through again.
      expect(await store.ledger.spendChallenge("nonce-anonymous", expiresAt, "email:a")).toBe(true);
      expect(
        await second.ledger.spendChallenge("nonce-anonymous", expiresAt, "email:a", null),
      ).toBe(false);
    });

    test("counts a hit id once per window, whichever process counts it, at once or later", async () => {
      const { store, second } = engine();
      const start = new Date(Math.floor(Date.now() / 600_000) * 600_000);
      const end = new Date(start.getTime() + 600_000);
      expect(await store.ledger.countHit("address:203.0.113.50", start, end)).toBe(1);
      const copies = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          (i % 2 ? second : store).ledger.countHit("address:203.0.113.50", start, end, "request-1"),
        ),
      );
      expect(copies).toEqual(Array(6).fill(2));
      expect(await store.ledger.countHit("address:203.0.113.50", start, end, "request-2")).toBe(3);
      expect(await second.ledger.countHit("address:203.0.113.50", start, end, "request-1")).toBe(2);
    });
  });
}
