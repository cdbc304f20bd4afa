import { latestVersion, migrations } from "../../src/server/leads/postgres-migrations";
import { PostgresLeadStore, SchemaMissingError } from "../../src/server/leads/postgres-store";
import { makeLead } from "./support/leads";
import { TestPostgres } from "./support/postgres";
import { setProcessLogger } from "../../src/server/log/logger";
import { captureLog } from "../../src/test-utils/log-capture";

// The PostgreSQL store against a real server: the LeadStore contract, the unique key across
// processes (two pools stand for two processes), claims that never overlap, and a server that
// stops and comes back.

const postgres = new TestPostgres(9601);
let store: PostgresLeadStore;

beforeAll(async () => {
  postgres.start();
  postgres.createDatabase();
  store = new PostgresLeadStore(postgres.url);
});

afterAll(async () => {
  await store?.close();
  postgres.destroy();
});

test("before `migrate`, the store refuses with an error that names the command", async () => {
  const captured = captureLog();
  setProcessLogger(captured.log);
  await expect(store.save(makeLead())).rejects.toThrow(SchemaMissingError);
  await expect(store.list()).rejects.toThrow("npm run leads -- migrate");
  expect(captured.lines).toContainEqual(
    expect.objectContaining({
      level: 50,
      msg: expect.stringContaining("npm run leads -- migrate"),
    }),
  );
});

test("migrate applies the schema once, even when two processes run it together", async () => {
  const other = new PostgresLeadStore(postgres.url);
  const [first, second] = await Promise.all([store.migrate(), other.migrate()]);
  await other.close();
  expect([...first, ...second]).toEqual(migrations.map((m) => m.version));
  expect(await store.migrate()).toEqual([]);
  expect(await store.schemaVersion()).toBe(latestVersion);
});

test("save, replay, conflict; get and list read back exactly what was stored", async () => {
  const lead = makeLead();
  expect(await store.save(lead)).toEqual({ outcome: "created", lead });
  const replay = await store.save({
    ...makeLead(),
    idempotencyKey: lead.idempotencyKey,
    fingerprint: lead.fingerprint,
  });
  expect(replay).toEqual({ outcome: "replayed", lead });
  const conflict = await store.save({
    ...makeLead({ company: "Autre" }),
    idempotencyKey: lead.idempotencyKey,
  });
  expect(conflict).toEqual({ outcome: "conflict" });

  expect(await store.get(lead.id)).toEqual(lead);
  expect(await store.get("not-a-uuid")).toBeUndefined();
  const keyless = makeLead({}, { key: null });
  await store.save(keyless);
  await store.save({ ...makeLead({}, { key: null }), id: crypto.randomUUID() });
  const ids = (await store.list()).map((stored) => stored.id);
  expect(ids.slice(0, 2)).toEqual([lead.id, keyless.id]);
  expect(ids).toHaveLength(3);
});

test("the same key saved by two processes at once is stored once", async () => {
  const other = new PostgresLeadStore(postgres.url);
  const lead = makeLead();
  const results = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      (i % 2 ? other : store).save({ ...lead, id: crypto.randomUUID() }),
    ),
  );
  await other.close();
  expect(results.filter((r) => r.outcome === "created")).toHaveLength(1);
  expect(results.filter((r) => r.outcome === "replayed")).toHaveLength(19);
  const rows = await store.pool.query(
    "SELECT count(*)::int AS n FROM leads WHERE idempotency_key = $1",
    [lead.idempotencyKey],
  );
  expect(rows.rows[0].n).toBe(1);
});

test("two processes claiming at once never get the same lead; a claim lasts its lease", async () => {
  await store.pool.query("UPDATE lead_deliveries SET state = 'sent'");
  const leads = Array.from({ length: 30 }, () => makeLead());
  for (const lead of leads) await store.save(lead);
  const other = new PostgresLeadStore(postgres.url);
  const now = new Date();
  const [a, b] = await Promise.all([store.claimDue(now, 60_000), other.claimDue(now, 60_000)]);
  const [c, d] = await Promise.all([store.claimDue(now, 60_000), other.claimDue(now, 60_000)]);
  await other.close();
  const claimed = [...a, ...b, ...c, ...d].map((lead) => lead.id);
  expect(new Set(claimed).size).toBe(claimed.length);
  expect(claimed.sort()).toEqual(leads.map((lead) => lead.id).sort());

  // Leased: nothing due until the lease has passed.
  expect(await store.claimDue(now, 60_000)).toEqual([]);
  const later = await store.claimDue(new Date(now.getTime() + 61_000), 60_000);
  expect(later.length).toBeGreaterThan(0);
});

test("a recorded failure waits for its back-off, unless the claim ignores it; a sent channel is never claimed", async () => {
  await store.pool.query("UPDATE lead_deliveries SET state = 'sent'");
  const lead = makeLead({}, { channels: ["email", "webhook"] });
  await store.save(lead);
  const now = new Date();
  const later = new Date(now.getTime() + 60_000).toISOString();
  await store.recordDelivery(lead.id, "email", {
    state: "pending",
    attempts: 1,
    nextAttemptAt: later,
    lastError: "connect ECONNREFUSED",
    sentAt: null,
  });
  await store.recordDelivery(lead.id, "webhook", {
    state: "sent",
    attempts: 1,
    nextAttemptAt: null,
    lastError: null,
    sentAt: now.toISOString(),
  });
  expect(await store.claimDue(now, 1000)).toEqual([]);
  const [claimed] = await store.claimDue(now, 1000, { ignoreBackOff: true });
  // Only the channel claimed is handed over; the sent one stays out of the caller's work.
  expect(claimed?.deliveries).toEqual({
    email: {
      state: "pending",
      attempts: 1,
      nextAttemptAt: later,
      lastError: "connect ECONNREFUSED",
      sentAt: null,
    },
  });
  // Claimed: not even a retry takes it again before the lease ends.
  expect(await store.claimDue(now, 1000, { ignoreBackOff: true })).toEqual([]);
  expect(await store.get(lead.id)).toMatchObject({ deliveries: { webhook: { state: "sent" } } });
});

test("with the server stopped, save rejects and writes nothing; after a restart the same key stores once", async () => {
  const errors = jest.spyOn(console, "error").mockImplementation(() => {});
  const before = (await store.list()).length;
  const lead = makeLead();
  postgres.stop();
  await expect(store.save(lead)).rejects.toThrow();
  postgres.start();
  expect((await store.save(lead)).outcome).toBe("created");
  expect((await store.save({ ...lead, id: crypto.randomUUID() })).outcome).toBe("replayed");
  expect((await store.list()).length).toBe(before + 1);
  errors.mockRestore();
});
