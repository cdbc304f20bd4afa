import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FileLeadStore } from "../../src/server/leads/file-store";
import type { LeadStore } from "../../src/server/leads/lead-store";
import { PostgresLeadStore } from "../../src/server/leads/postgres-store";
import { emailCounterKey } from "../../src/server/spam/rate-limit";
import { makeLead } from "./support/leads";
import { TestPostgres } from "./support/postgres";

// What the spam defences and the personal-data commands ask of a lead store, against each real
// store: spent challenges, shared counters, release, purge by date, erase and find by email.

const postgres = new TestPostgres(9701);

/**
 * `second` stands for another process on the same data. With PostgreSQL it runs at the same time
 * as the first; the file store serves one server process (its lock is in memory), so there the
 * second process comes after (a restart, `npm run leads`) and the counters are the process's own.
 */
type Opened = { store: LeadStore; second: LeadStore; concurrent: boolean };
const folders: string[] = [];
const stores: [string, () => Promise<Opened>][] = [
  [
    "file",
    async () => {
      const folder = mkdtempSync(join(tmpdir(), "spam-store-"));
      folders.push(folder);
      const file = join(folder, "quote-requests.jsonl");
      const store = new FileLeadStore(file);
      await store.open();
      const second = new FileLeadStore(file);
      await second.open();
      return { store, second, concurrent: false };
    },
  ],
  [
    "PostgreSQL",
    async () => {
      const store = new PostgresLeadStore(postgres.url);
      await store.migrate();
      // A second pool stands for a second server process sharing the database.
      return { store, second: new PostgresLeadStore(postgres.url), concurrent: true };
    },
  ],
];

beforeAll(() => {
  postgres.start();
  postgres.createDatabase();
});
afterAll(() => {
  postgres.destroy();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const day = 86_400_000;

describe.each(stores)("the %s store", (_name, open) => {
  let store: LeadStore;
  let second: LeadStore;
  let concurrent: boolean;
  beforeAll(async () => {
    ({ store, second, concurrent } = await open());
  });
  afterAll(async () => {
    await store?.close();
    await second?.close();
  });

  test("spends a challenge once, across processes, even when both try at the same moment", async () => {
    const expiresAt = new Date(Date.now() + 600_000);
    const other = concurrent ? second : store;
    const outcomes = await Promise.all([
      store.spendChallenge("nonce-race", expiresAt, "email:a"),
      other.spendChallenge("nonce-race", expiresAt, "email:a"),
    ]);
    expect(outcomes.sort()).toEqual([false, true]);
    expect(await second.spendChallenge("nonce-race", expiresAt, "email:a")).toBe(false);
    expect(await store.spendChallenge("nonce-other", expiresAt, "email:a")).toBe(true);
  });

  test("lets the same spender through again, at once and after; another spender, or none, never", async () => {
    const expiresAt = new Date(Date.now() + 600_000);
    const other = concurrent ? second : store;
    const outcomes = await Promise.all([
      store.spendChallenge("nonce-replay", expiresAt, "email:a", "spender-1"),
      other.spendChallenge("nonce-replay", expiresAt, "email:a", "spender-1"),
    ]);
    expect(outcomes).toEqual([true, true]);
    expect(await second.spendChallenge("nonce-replay", expiresAt, "email:a", "spender-1")).toBe(
      true,
    );
    expect(await store.spendChallenge("nonce-replay", expiresAt, "email:a", "spender-2")).toBe(
      false,
    );
    expect(await store.spendChallenge("nonce-replay", expiresAt, "email:a", null)).toBe(false);
    // Spent without a spender (no Idempotency-Key): nobody gets through again.
    expect(await store.spendChallenge("nonce-anonymous", expiresAt, "email:a")).toBe(true);
    expect(await other.spendChallenge("nonce-anonymous", expiresAt, "email:a", null)).toBe(false);
  });

  test("counts a hit id once per window, whichever process counts it, at once or later", async () => {
    const start = new Date(Math.floor(Date.now() / 600_000) * 600_000);
    const end = new Date(start.getTime() + 600_000);
    const other = concurrent ? second : store;
    expect(await store.countHit("address:203.0.113.50", start, end)).toBe(1);
    const copies = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 ? other : store).countHit("address:203.0.113.50", start, end, "request-1"),
      ),
    );
    expect(copies).toEqual(Array(6).fill(2));
    expect(await store.countHit("address:203.0.113.50", start, end, "request-2")).toBe(3);
    expect(await other.countHit("address:203.0.113.50", start, end, "request-1")).toBe(2);
  });

  test("counts hits per key and window, shared by every process", async () => {
    const start = new Date(Math.floor(Date.now() / 600_000) * 600_000);
    const end = new Date(start.getTime() + 600_000);
    const counts = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 && concurrent ? second : store).countHit("address:203.0.113.9", start, end),
      ),
    );
    expect(counts.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await store.countHit("address:203.0.113.10", start, end)).toBe(1);
    const next = new Date(end.getTime() + 600_000);
    expect(await store.countHit("address:203.0.113.9", end, next)).toBe(1);
  });

  test("releases a quarantined lead", async () => {
    const lead = { ...makeLead(), quarantine: { reason: "formulaire rempli en 0.4 s" } };
    await store.save(lead);
    expect((await store.release(lead.id))?.quarantine).toBeNull();
    expect((await second.get(lead.id))?.quarantine).toBeNull();
    expect((await store.list()).find((listed) => listed.id === lead.id)?.quarantine).toBeNull();
    expect(await store.release("00000000-0000-4000-8000-000000000000")).toBeUndefined();
  });

  test("purges the leads received before the retention date, and only them", async () => {
    const now = new Date();
    const old = {
      ...makeLead({ email: "ancien@exemple.fr" }),
      receivedAt: new Date(now.getTime() - 1100 * day).toISOString(),
    };
    const oldSpam = {
      ...makeLead({ email: "robot@exemple.fr" }),
      receivedAt: new Date(now.getTime() - 1096 * day).toISOString(),
      quarantine: { reason: "champ piège" },
    };
    const recent = {
      ...makeLead({ email: "recent@exemple.fr" }),
      receivedAt: new Date(now.getTime() - 1094 * day).toISOString(),
    };
    for (const lead of [old, oldSpam, recent]) await store.save(lead);
    const before = (await store.list()).length;
    expect(await store.purge(new Date(now.getTime() - 1095 * day), now)).toBe(2);
    const left = await store.list();
    expect(left).toHaveLength(before - 2);
    expect(left.map((lead) => lead.id)).toContain(recent.id);
    expect(left.map((lead) => lead.id)).not.toContain(old.id);
    expect(left.map((lead) => lead.id)).not.toContain(oldSpam.id);
  });

  test("finds and erases one person's leads, challenges and counters, leaving the others", async () => {
    const hers = [
      makeLead({ email: "Claire.Martin@OPH-exemple.fr" }),
      makeLead({ email: "claire.martin@oph-exemple.fr" }),
    ];
    const his = makeLead({ email: "paul.durand@oph-exemple.fr" });
    for (const lead of [...hers, his]) await store.save(lead);
    const expiresAt = new Date(Date.now() + 600_000);
    await store.spendChallenge(
      "claire-1",
      expiresAt,
      emailCounterKey("claire.martin@oph-exemple.fr"),
    );
    await store.spendChallenge("paul-1", expiresAt, emailCounterKey("paul.durand@oph-exemple.fr"));
    const start = new Date(Math.floor(Date.now() / day) * day);
    const end = new Date(start.getTime() + day);
    await store.countHit(emailCounterKey("claire.martin@oph-exemple.fr"), start, end);
    await store.countHit(emailCounterKey("paul.durand@oph-exemple.fr"), start, end);

    const found = await store.findByEmail("claire.martin@oph-exemple.fr");
    expect(found.map((lead) => lead.id)).toEqual(hers.map((lead) => lead.id));

    const erased = await store.erase(" CLAIRE.martin@oph-exemple.fr ");
    expect(erased.leads.map((lead) => lead.id)).toEqual(hers.map((lead) => lead.id));
    expect(erased).toMatchObject({ challenges: 1, counters: 1 });
    expect(await store.findByEmail("claire.martin@oph-exemple.fr")).toEqual([]);
    expect(await store.get(his.id)).toBeDefined();
    // Her counter starts again from zero; his went on counting.
    expect(await store.countHit(emailCounterKey("claire.martin@oph-exemple.fr"), start, end)).toBe(
      1,
    );
    expect(await store.countHit(emailCounterKey("paul.durand@oph-exemple.fr"), start, end)).toBe(2);
    // His challenge is still spent; hers could be spent again (it expired from the store).
    expect(await store.spendChallenge("paul-1", expiresAt, "x")).toBe(false);
    expect(await store.spendChallenge("claire-1", expiresAt, "x")).toBe(true);
  });
});
