import type { StoreSettings } from "../config";
import { openEmbeddedStore } from "./embedded-store";
import { FunctionsHostWithoutDatabaseError } from "./host";
import { PostgresDatabase, type PostgresOptions } from "./postgres-database";
import { SqlLeadStore } from "./sql-store";

// Which database keeps the leads: PostgreSQL with DATABASE_URL, else SQLite in one file under
// QUOTE_DATABASE_DIR (embedded-store.ts), which a functions host is refused (its disk does not
// last). Either way the same store (sql-store.ts) is what the endpoint, the delivery worker and
// `npm run leads` use.

export type StoreKind = "postgres" | "embedded";

export function storeKind(settings: StoreSettings): StoreKind {
  return settings.databaseUrl ? "postgres" : "embedded";
}

/**
 * Opens the configured store. PostgreSQL is connected to, and its schema checked, at the first
 * request, so that a database down at start does not stop the site: its requests get a French
 * 500 until it is back. The embedded file is opened now, and migrated.
 */
export async function openLeadStore(
  settings: StoreSettings,
  options: PostgresOptions = {},
): Promise<SqlLeadStore> {
  if (settings.databaseUrl) {
    return new SqlLeadStore(
      new PostgresDatabase({ connectionString: settings.databaseUrl }, options),
    );
  }
  if (settings.functionsHost) throw new FunctionsHostWithoutDatabaseError(settings.functionsHost);
  return openEmbeddedStore(settings.databaseDir, settings.erasuresDir ?? null);
}

/** The configuration a store was opened for: another one (a test, an edit) opens another. */
function storeKey(settings: StoreSettings): string {
  return settings.databaseUrl ? `postgres ${settings.databaseUrl}` : settings.databaseDir;
}

// Gatsby deletes a function's bundle from the require cache and loads it again on every request
// (`gatsby develop`), so a module-level variable would give each request a store of its own. The
// stores live on globalThis, shared by every copy of this module.
const registryKey: unique symbol = Symbol.for("recouvrement-loyers/lead-stores");
type Registry = { [registryKey]?: Map<string, Promise<SqlLeadStore>> };

/** One store per configuration for the whole process, opened on first use. */
export function sharedLeadStore(settings: StoreSettings): Promise<SqlLeadStore> {
  const holder = globalThis as Registry;
  const stores = (holder[registryKey] ??= new Map());
  const key = storeKey(settings);
  let store = stores.get(key);
  if (!store) {
    store = openLeadStore(settings);
    // A store that failed to open is not kept: the next request tries again.
    store.catch(() => stores.delete(key));
    stores.set(key, store);
  }
  return store;
}
