import { resolve } from "node:path";
import { Database } from "./database";
import { openEmbedded, type EmbeddedEndpoint } from "./embedded-host";
import { FunctionsHostWithoutDatabaseError, functionsHostVariable } from "./host";
import { SqlLeadStore } from "./sql-store";

// Which database keeps the leads: PostgreSQL with DATABASE_URL, else the embedded engine in
// QUOTE_DATABASE_DIR (embedded-host.ts), which a functions host is refused (its disk does not
// last). Either way the same store (sql-store.ts) is what the endpoint, the delivery worker and
// `npm run leads` use.

export type Env = Readonly<Record<string, string | undefined>>;

// Gatsby's function bundler replaces `process.env.NAME` with its build-time value and
// `process.env` with `{}`. Going through globalThis keeps the settings run-time ones, so the
// Gatsby Function (and each test) can point them elsewhere without a rebuild.
export const runtimeEnv = (): Env => globalThis.process.env;

const defaultFolder = "data/leads";

/** `QUOTE_DATABASE_DIR`, or `data/leads`, resolved against the working folder. */
export function databaseFolder(env: Env = runtimeEnv()): string {
  return resolve(process.cwd(), env.QUOTE_DATABASE_DIR || defaultFolder);
}

export type StoreKind = "postgres" | "embedded";

export function storeKind(env: Env): StoreKind {
  return env.DATABASE_URL?.trim() ? "postgres" : "embedded";
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
  env: Env = runtimeEnv(),
  options: OpenOptions = {},
): Promise<SqlLeadStore> {
  if (storeKind(env) === "postgres") {
    return new SqlLeadStore(new Database({ connectionString: env.DATABASE_URL!.trim() }, options));
  }
  const host = functionsHostVariable(env);
  if (host) throw new FunctionsHostWithoutDatabaseError(host);
  const folder = databaseFolder(env);
  let endpoint: EmbeddedEndpoint = await openEmbedded(folder);
  // The host may be another process (the server, or a command) that ends before this one: then
  // this one opens the folder itself, at the same socket, or joins whoever did.
  const reconnect = async () => {
    if (!endpoint.stop) endpoint = await openEmbedded(folder);
  };
  const database = new Database(
    { host: endpoint.socketFolder, user: "postgres", database: "postgres" },
    { ...options, explicitTransactions: true, reconnect },
  );
  const store = new SqlLeadStore(database, async () => {
    await endpoint.stop?.();
  });
  await store.migrate();
  return store;
}

/** The configuration a store was opened for: another one (a test, an edit) opens another. */
function storeKey(env: Env): string {
  return storeKind(env) === "postgres" ? `postgres ${env.DATABASE_URL}` : databaseFolder(env);
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
export function sharedLeadStore(env: Env = runtimeEnv()): Promise<SqlLeadStore> {
  const holder = globalThis as Registry;
  const stores = (holder[registryKey] ??= new Map());
  const key = storeKey(env);
  let store = stores.get(key);
  if (!store) {
    store = openLeadStore(env);
    // A store that failed to open is not kept: the next request tries again.
    store.catch(() => stores.delete(key));
    stores.set(key, store);
  }
  return store;
}
