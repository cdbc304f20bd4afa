import type { LeadStore } from "./lead-store";
import { FunctionsHostWithoutDatabaseError, functionsHostVariable } from "./host";
import { PostgresLeadStore } from "./postgres-store";

// The one place that turns configuration into a store: PostgreSQL with DATABASE_URL, else the
// JSON-lines file (QUOTE_REQUESTS_FILE), refused on a functions host whose disk does not last.

type Env = Partial<Record<string, string>>;

export type StoreKind = "postgres" | "file";

export function storeKind(env: Env): StoreKind {
  return env.DATABASE_URL?.trim() ? "postgres" : "file";
}

export async function openLeadStore(
  env: Env = globalThis.process.env,
  options: { maxConnections?: number } = {},
): Promise<LeadStore> {
  if (storeKind(env) === "postgres") {
    return new PostgresLeadStore(env.DATABASE_URL!.trim(), options);
  }
  const host = functionsHostVariable(env);
  if (host) throw new FunctionsHostWithoutDatabaseError(host);
  throw new Error("file store not merged yet");
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
