/** @jest-environment node */
import { afterAll, beforeAll, expect, test } from "@jest/globals";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { embeddedSettings, makeLead } from "../../../test-utils/leads";
import { clearTables, type Engine } from "../../../test-utils/store-contract/engines";
import { deliveryQueueContract } from "../../../test-utils/store-contract/delivery-queue";
import { leadRecordsContract } from "../../../test-utils/store-contract/lead-records";
import { spamLedgerContract } from "../../../test-utils/store-contract/spam-ledger";
import { openLeadStore } from "../open-store";
import type { SqlLeadStore } from "../sql-store";

// The store on the embedded engine (PGlite in a data folder): the three contracts, with a second
// store joining the engine the first one hosts, as `npm run leads` joins the server's.

const folder = mkdtempSync(join(tmpdir(), "embedded-store-"));
const settings = embeddedSettings(join(folder, "leads"));
let engine: Engine;

beforeAll(async () => {
  const store = await openLeadStore(settings);
  const second = await openLeadStore(settings, { maxConnections: 2 });
  engine = { store, second, clear: () => clearTables(store) };
}, 120_000);

afterAll(async () => {
  await engine?.second.close();
  await engine?.store.close();
  rmSync(folder, { recursive: true, force: true });
});

leadRecordsContract("the embedded engine", () => engine);
deliveryQueueContract("the embedded engine", () => engine);
spamLedgerContract("the embedded engine", () => engine);

test("when the process hosting the engine stops, one that joined it hosts it and keeps the data", async () => {
  const other = join(folder, "handover");
  const first: SqlLeadStore = await openLeadStore(embeddedSettings(other));
  const joined = await openLeadStore(embeddedSettings(other), { maxConnections: 2 });
  const lead = makeLead();
  await joined.save(lead);
  await first.close();
  expect((await joined.get(lead.id))?.id).toBe(lead.id);
  const after = makeLead();
  expect((await joined.save(after)).outcome).toBe("created");
  await joined.close();
  const reopened = await openLeadStore(embeddedSettings(other));
  expect((await reopened.list()).map((stored) => stored.id)).toEqual([lead.id, after.id]);
  await reopened.close();
}, 120_000);
