import type { StoreSettings } from "../config";
import { FileLeadStore } from "./file-store";
import { FunctionsHostWithoutDatabaseError } from "./host";
import type { LeadStore } from "./lead-store";
import { PostgresLeadStore } from "./postgres-store";

// Which lead store the configuration asks for: PostgreSQL with DATABASE_URL, else the JSON-lines
// file (QUOTE_REQUESTS_FILE), which a functions host is refused (its disk does not last).
// A store chosen here is the one the endpoint, the delivery worker and `npm run leads` all use.
// The settings come from the server's configuration (src/server/config.ts).

export type StoreKind = "postgres" | "file";

export function storeKind(settings: StoreSettings): StoreKind {
  return settings.databaseUrl ? "postgres" : "file";
}

export interface OpenOptions {
  /** PostgreSQL connections of this process (default 10); a command needs one or two. */
  maxConnections?: number;
}

/**
 * Opens the configured store, ready for its first request (the file already indexed; the
 * database is connected to, and its schema checked, at the first request, so that a database
 * down at start does not stop the site: its requests get a French 500 until it is back).
 */
export async function openLeadStore(
  settings: StoreSettings,
  options: OpenOptions = {},
): Promise<LeadStore> {
  if (settings.databaseUrl) return new PostgresLeadStore(settings.databaseUrl, options);
  if (settings.functionsHost) throw new FunctionsHostWithoutDatabaseError(settings.functionsHost);
  const store = new FileLeadStore(settings.file);
  await store.open();
  return store;
}

/** The configuration a store was opened for: another one (a test, an edit) opens another. */
function storeKey(settings: StoreSettings): string {
  return settings.databaseUrl ? `postgres ${settings.databaseUrl}` : settings.file;
}
/** A connection string fit for a log or a terminal: the password replaced by ***. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(adresse illisible)";
  }
}

// Gatsby deletes a function's bundle from the require cache and loads it again on every request
// (`gatsby develop`), so a module-level variable would give each request a store, an index and a
// lock of its own. The stores live on globalThis, shared by every copy of this module.
const registryKey: unique symbol = Symbol.for("recouvrement-loyers/lead-stores");
type Registry = { [registryKey]?: Map<string, Promise<LeadStore>> };

/** One store per configuration for the whole process, opened on first use. */
export function sharedLeadStore(settings: StoreSettings): Promise<LeadStore> {
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
