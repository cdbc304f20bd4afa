import pg from "pg";
import { processLogger } from "../log/logger";
import { oneLine } from "../one-line";
import type { Database, Result, Row, Transaction } from "./database";

// PostgreSQL (DATABASE_URL): a pool of connections, for as many processes and machines as share
// the database. Row locks and `SKIP LOCKED` keep them from stepping on each other (dialect.ts).

export interface PostgresOptions {
  /** Connections of this process (default 10); a command needs one or two. */
  maxConnections?: number;
}

export class PostgresDatabase implements Database {
  readonly engine = "postgres";
  readonly location: string;
  readonly pool: pg.Pool;

  constructor(config: pg.PoolConfig, options: PostgresOptions = {}) {
    this.location = config.connectionString ? redactUrl(config.connectionString) : "PostgreSQL";
    this.pool = new pg.Pool({
      max: options.maxConnections ?? 10,
      // An unreachable database fails the request in seconds (a French 500) instead of hanging it.
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
      ...config,
    });
    // A pooled connection that the server drops (restart, failover) emits here while idle; with
    // no listener Node would end the whole process. The pool replaces it at the next query.
    this.pool.on("error", (error) => {
      processLogger().warn(`idle database connection lost: ${oneLine(error)}`);
    });
  }

  /**
   * One statement, committed when it resolves; tried once more on a fresh connection when the
   * first was already dead (a restarted server). Only for statements safe to run twice (reads,
   * upserts, claims whose lost answer only leaves a lease to run out): `once` runs the others.
   */
  async query<R extends Row = Row>(text: string, values?: readonly unknown[]): Promise<Result<R>> {
    try {
      return await this.once<R>(text, values);
    } catch (error) {
      if (!isConnectionError(error)) throw error;
      return this.once<R>(text, values);
    }
  }

  async once<R extends Row = Row>(text: string, values?: readonly unknown[]): Promise<Result<R>> {
    const result = await this.pool.query<R>(text, values as unknown[] | undefined);
    return { rows: result.rows, rowCount: result.rowCount ?? 0 };
  }

  async transaction<T>(work: (client: Transaction) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.begin();
    } catch (error) {
      // A pooled connection the server dropped while idle: nothing ran yet, so a fresh one may.
      if (!isConnectionError(error)) throw error;
      client = await this.begin();
    }
    let broken: unknown;
    const transaction: Transaction = {
      query: async <R extends Row>(text: string, values?: readonly unknown[]) => {
        const result = await client.query<R>(text, values as unknown[] | undefined);
        return { rows: result.rows, rowCount: result.rowCount ?? 0 };
      },
      script: async (sql) => {
        await client.query(sql);
      },
    };
    try {
      const result = await work(transaction);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      broken = error;
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    } finally {
      client.removeListener("error", ignoreClientError);
      // A connection that failed is closed rather than handed to the next request.
      client.release(isConnectionError(broken) ? (broken as Error) : undefined);
    }
  }

  /** A connection out of the pool with a transaction open on it. */
  private async begin(): Promise<pg.PoolClient> {
    const client = await this.pool.connect();
    // Checked out, a connection has no listener of the pool's: one that dies now would emit an
    // error nobody listens to, which ends the process. The failure reaches the statement anyway.
    client.on("error", ignoreClientError);
    try {
      await client.query("BEGIN");
      return client;
    } catch (error) {
      client.removeListener("error", ignoreClientError);
      client.release(error as Error);
      throw error;
    }
  }

  /** PostgreSQL reuses a deleted row's space at its next VACUUM (autovacuum): docs/leads.md. */
  async forgetDeleted(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

function ignoreClientError(): void {}

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

/** The connection itself failed (server gone, restarted, unreachable), not the statement. */
export function isConnectionError(error: unknown): boolean {
  // Not `instanceof Error`: Node's socket errors may come from another realm (a test's VM).
  if (typeof error !== "object" || error === null) return false;
  const { code = "", message = "" } = error as { code?: unknown; message?: unknown };
  return (
    /^(ECONNRESET|ECONNREFUSED|ENOENT|EPIPE|ETIMEDOUT|57P0[1-3]|08\d\d\d)$/.test(String(code)) ||
    /Connection terminated|Client has encountered a connection error|not queryable/.test(
      String(message),
    )
  );
}
