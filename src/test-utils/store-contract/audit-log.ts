import { beforeEach, describe, expect, test } from "@jest/globals";
import type { AuditEntry } from "../../server/leads/lead-store";
import type { Engine } from "./engines";

// The audit log's contract (src/server/leads/lead-store.ts, AuditLog), run against every engine:
// the embedded one in npm test, PostgreSQL in npm run test:pipeline.

export function auditLogContract(name: string, engine: () => Engine): void {
  describe(`audit log on ${name}`, () => {
    beforeEach(() => engine().clear());

    const now = new Date("2026-03-02T09:00:00.000Z");

    test("the audit log reads newest first, in insertion order within one instant, paged", async () => {
      const { store, second } = engine();
      const entries: AuditEntry[] = Array.from({ length: 25 }, (_, i) => ({
        // Three lines per millisecond: insertion order decides between them.
        at: new Date(now.getTime() + Math.floor(i / 3)).toISOString(),
        actor: i % 2 ? "ventes@exemple.fr" : "terminal (exploitation)",
        action: i % 2 ? "status" : "release",
        leadId: i % 5 === 0 ? null : crypto.randomUUID(),
        detail: i % 4 === 0 ? null : `statut « en cours » (ligne ${i}), d'après l'équipe`,
        requestId: i % 2 ? `req-${i}` : null,
      }));
      for (const [i, entry] of entries.entries())
        await (i % 2 ? second : store).audit.record(entry);
      const newestFirst = [...entries].reverse();
      expect(await store.audit.page({ limit: 10, offset: 0 })).toEqual({
        entries: newestFirst.slice(0, 10),
        total: 25,
      });
      expect(await second.audit.page({ limit: 10, offset: 20 })).toEqual({
        entries: newestFirst.slice(20),
        total: 25,
      });
      expect(await store.audit.page({ limit: 10, offset: 30 })).toEqual({ entries: [], total: 25 });
      await expect(store.audit.page({ limit: Number.NaN, offset: 0 })).rejects.toThrow(RangeError);
    });
  });
}
