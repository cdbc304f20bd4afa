import type { SqlLeadStore } from "../../server/leads/sql-store";

/**
 * One engine under test: `store` and `second` are two processes' stores on the same database (two
 * pools), both migrated; `clear` empties its tables between tests.
 */
export interface Engine {
  store: SqlLeadStore;
  second: SqlLeadStore;
  clear(): Promise<void>;
}

export async function clearTables(store: SqlLeadStore): Promise<void> {
  await store.database.query(
    "TRUNCATE leads, lead_deliveries, spent_challenges, rate_counters, rate_hits",
  );
}
