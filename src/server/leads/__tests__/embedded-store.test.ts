/** @jest-environment node */
import { afterAll, beforeAll } from "@jest/globals";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { embeddedSettings } from "../../../test-utils/leads";
import { clearTables, type Engine } from "../../../test-utils/store-contract/engines";
import { auditLogContract } from "../../../test-utils/store-contract/audit-log";
import { deliveryQueueContract } from "../../../test-utils/store-contract/delivery-queue";
import { inboxContract } from "../../../test-utils/store-contract/inbox";
import { leadRecordsContract } from "../../../test-utils/store-contract/lead-records";
import { spamLedgerContract } from "../../../test-utils/store-contract/spam-ledger";
import { teamRecordsContract } from "../../../test-utils/store-contract/team-records";
import { salesWorkContract } from "../../../test-utils/store-contract/sales-work";
import { transactionsContract } from "../../../test-utils/store-contract/transactions";
import { openLeadStore } from "../open-store";

// The store on the embedded engine (SQLite in a file): the contract of each of its jobs, with a
// second store opening the same file, as `npm run leads` does beside the server.

const folder = mkdtempSync(join(tmpdir(), "embedded-store-"));
const settings = embeddedSettings(join(folder, "leads"));
let engine: Engine;

beforeAll(async () => {
  const store = await openLeadStore(settings);
  const second = await openLeadStore(settings);
  engine = { store, second, clear: () => clearTables(store) };
});

afterAll(async () => {
  await engine?.second.close();
  await engine?.store.close();
  rmSync(folder, { recursive: true, force: true });
});

leadRecordsContract("the embedded engine", () => engine);
deliveryQueueContract("the embedded engine", () => engine);
spamLedgerContract("the embedded engine", () => engine);
inboxContract("the embedded engine", () => engine);
teamRecordsContract("the embedded engine", () => engine);
auditLogContract("the embedded engine", () => engine);
transactionsContract("the embedded engine", () => engine);
salesWorkContract("the embedded engine", () => engine);
