import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openLeadStore } from "../server/leads/open-store";
import type { SqlLeadStore } from "../server/leads/sql-store";
import { embeddedSettings } from "./leads";
import { clearTables } from "./store-contract/engines";

/**
 * The embedded store of one test file: opened before its tests (opening takes a moment), emptied
 * before each, closed and its folder removed after them. Read `.store` inside a test or hook.
 */
export function embeddedStoreForFile(prefix: string): { readonly store: SqlLeadStore } {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  let store: SqlLeadStore;
  beforeAll(async () => {
    // As configured in production: each erasure also written beside the backups.
    const settings = {
      ...embeddedSettings(join(folder, "leads")),
      erasuresDir: join(folder, "backups"),
    };
    store = await openLeadStore(settings);
  }, 120_000);
  beforeEach(() => clearTables(store));
  afterAll(async () => {
    await store?.close();
    rmSync(folder, { recursive: true, force: true });
  });
  return {
    get store() {
      return store;
    },
  };
}
