import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PostgresDatabase } from "../../../src/server/leads/postgres-database";
import { openLeadStore } from "../../../src/server/leads/open-store";
import { SqlLeadStore } from "../../../src/server/leads/sql-store";
import { embeddedSettings } from "../../../src/test-utils/leads";

// The store as a process opens it, on each engine the project ships.

/** A pool on PostgreSQL at `url`, not migrated: one per process it stands for. */
export function postgresStore(url: string): SqlLeadStore {
  return new SqlLeadStore(new PostgresDatabase({ connectionString: url }));
}

/** A fresh embedded data folder (QUOTE_DATABASE_DIR), in a temporary folder. */
export function embeddedFolder(prefix: string): string {
  return join(mkdtempSync(join(tmpdir(), prefix)), "leads");
}

/** The embedded engine in `folder`, hosted by this process unless another hosts it already. */
export function embeddedStore(folder: string): Promise<SqlLeadStore> {
  return openLeadStore(embeddedSettings(folder));
}
