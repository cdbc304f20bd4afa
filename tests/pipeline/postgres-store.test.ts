import { PostgresDatabase } from "../../src/server/leads/postgres-database";
import { postgresMigrations } from "../../src/server/leads/migrations-postgres";
import { SchemaMissingError, SqlLeadStore } from "../../src/server/leads/sql-store";
import { clearTables, type Engine } from "../../src/test-utils/store-contract/engines";
import { auditLogContract } from "../../src/test-utils/store-contract/audit-log";
import { deliveryQueueContract } from "../../src/test-utils/store-contract/delivery-queue";
import { inboxContract } from "../../src/test-utils/store-contract/inbox";
import { leadRecordsContract } from "../../src/test-utils/store-contract/lead-records";
import { spamLedgerContract } from "../../src/test-utils/store-contract/spam-ledger";
import { teamRecordsContract } from "../../src/test-utils/store-contract/team-records";
import { salesWorkContract } from "../../src/test-utils/store-contract/sales-work";
import { transactionsContract } from "../../src/test-utils/store-contract/transactions";
import { makeLead } from "./support/leads";
import { TestPostgres } from "./support/postgres";
import { setProcessLogger } from "../../src/server/log/logger";
import { captureLog } from "../../src/test-utils/log-capture";

// The store on a real PostgreSQL server: the schema's migrations, the contract of each of its jobs
// (the same suites as the embedded engine's in npm test; two pools stand for two processes), and a
// server that stops and comes back.

const postgres = new TestPostgres(9601);
const open = () => new SqlLeadStore(new PostgresDatabase({ connectionString: postgres.url }));
let engine: Engine;

beforeAll(() => {
  postgres.start();
  postgres.createDatabase();
  engine = { store: open(), second: open(), clear: () => clearTables(engine.store) };
});

afterAll(async () => {
  await engine?.store.close();
  await engine?.second.close();
  postgres.destroy();
});

test("before `migrate`, the store refuses with an error that names the command", async () => {
  const captured = captureLog();
  setProcessLogger(captured.log);
  await expect(engine.store.leads.save(makeLead())).rejects.toThrow(SchemaMissingError);
  await expect(engine.store.leads.list()).rejects.toThrow("npm run leads -- migrate");
  expect(captured.lines).toContainEqual(
    expect.objectContaining({
      level: 50,
      msg: expect.stringContaining("npm run leads -- migrate"),
    }),
  );
});

test("migrate applies the schema once, even when two processes run it together", async () => {
  const { store, second } = engine;
  const [first, other] = await Promise.all([store.migrate(), second.migrate()]);
  expect([...first, ...other]).toEqual(postgresMigrations.map((m) => m.version));
  expect(await store.migrate()).toEqual([]);
  expect(await store.schemaVersion()).toBe(store.latestVersion());
});

leadRecordsContract("PostgreSQL", () => engine);
deliveryQueueContract("PostgreSQL", () => engine);
spamLedgerContract("PostgreSQL", () => engine);
inboxContract("PostgreSQL", () => engine);
teamRecordsContract("PostgreSQL", () => engine);
auditLogContract("PostgreSQL", () => engine);
transactionsContract("PostgreSQL", () => engine);
salesWorkContract("PostgreSQL", () => engine);

test("with the server stopped, save rejects and writes nothing; after a restart the same key stores once", async () => {
  const { store } = engine;
  const errors = jest.spyOn(console, "error").mockImplementation(() => {});
  const before = (await store.leads.list()).length;
  const lead = makeLead();
  postgres.stop();
  await expect(store.leads.save(lead)).rejects.toThrow();
  postgres.start();
  expect((await store.leads.save(lead)).outcome).toBe("created");
  expect((await store.leads.save({ ...lead, id: crypto.randomUUID() })).outcome).toBe("replayed");
  expect((await store.leads.list()).length).toBe(before + 1);
  errors.mockRestore();
});
