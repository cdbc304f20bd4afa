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

/** Empties the store's tables, on either engine (deliveries go with their leads). */
export async function clearTables(store: SqlLeadStore): Promise<void> {
  await store.database.transaction(async (client) => {
    for (const table of [
      "leads",
      "spent_challenges",
      "rate_counters",
      "rate_hits",
      "sign_in_links",
      "team_sessions",
      "audit_log",
      "digest_claims",
      "spam_verdicts",
      "audience_salts",
      "audience_events",
      "audience_daily",
      "audience_filtered",
      "audience_day_caps",
    ]) {
      await client.query(`DELETE FROM ${table}`);
    }
  });
}
