import type { StoreSettings } from "../config";
import { Database } from "./database";
import { openEmbedded, type EmbeddedEndpoint } from "./embedded-host";
import { FunctionsHostWithoutDatabaseError } from "./host";
import { SqlLeadStore } from "./sql-store";

// Which database keeps the leads: PostgreSQL with DATABASE_URL, else the embedded engine in
// QUOTE_DATABASE_DIR (embedded-host.ts), which a functions host is refused (its disk does not
// last). Either way the same store (sql-store.ts) is what the endpoint, the delivery worker and
// `npm run leads` use.

export type StoreKind = "postgres" | "embedded";

export function storeKind(settings: StoreSettings): StoreKind {
  return settings.databaseUrl ? "postgres" : "embedded";
}

export interface OpenOptions {
  /** Connections of this process (default 10); a command needs one or two. */
  maxConnections?: number;
}

/**
 * Opens the configured store. PostgreSQL is connected to, and its schema checked, at the first
 * request, so that a database down at start does not stop the site: its requests get a French
 * 500 until it is back. The embedded engine is opened (or joined) now and migrated.
 */
export async function openLeadStore(
  settings: StoreSettings,
  options: OpenOptions = {},
): Promise<SqlLeadStore> {
  if (settings.databaseUrl) {
    return new SqlLeadStore(new Database({ connectionString: settings.databaseUrl }, options));
  }
  if (settings.functionsHost) throw new FunctionsHostWithoutDatabaseError(settings.functionsHost);
  const folder = settings.databaseDir;
  let endpoint: EmbeddedEndpoint = await openEmbedded(folder);
  // The host may be another process (the server, or a command) that ends before this one: then
  // this one opens the folder itself, at the same socket, or joins whoever did.
  const reconnect = async () => {
    if (!endpoint.stop) endpoint = await openEmbedded(folder);
  };
  const database = new Database(
    { host: endpoint.socketFolder, user: "postgres", database: "postgres" },
    { ...options, inlineValues: true, reconnect },
  );
  const store = new SqlLeadStore(database, async () => {
    await endpoint.stop?.();
  });
  await store.migrate();
  return store;
}

/** The configuration a store was opened for: another one (a test, an edit) opens another. */
function storeKey(settings: StoreSettings): string {
  return settings.databaseUrl ? `postgres ${settings.databaseUrl}` : settings.databaseDir;
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
