import pg from "pg";
import { processLogger } from "../log/logger";
import { oneLine } from "../one-line";

// The one way the store reaches SQL: a pool of PostgreSQL wire-protocol connections, to a
// PostgreSQL server (DATABASE_URL) or to the embedded engine's socket (embedded-host.ts). The
// store's SQL is the same on both; only how a statement is made atomic differs (see `query`).

export type Row = pg.QueryResultRow;

/** What a statement gives back, on either engine. */
export interface Result<R extends Row> {
  rows: R[];
  rowCount: number;
}

/** Runs statements on one connection, inside a transaction the caller opened. */
export interface Queryable {
  query<R extends Row = Row>(text: string, values?: unknown[]): Promise<Result<R>>;
}

export interface DatabaseOptions {
  /** Connections of this process (default 10); a command needs one or two. */
  maxConnections?: number;
  /**
   * Sends each statement with its values written in, as one simple-protocol message. The embedded
   * engine is one PostgreSQL session serving its socket's connections one protocol message at a
   * time (@electric-sql/pglite-socket's queue): a statement with parameters is five messages
   * (Parse, Bind, Describe, Execute, Sync), which another connection's could split unless wrapped
   * in BEGIN and COMMIT, seven turns of the engine in all. Written in, it is one message, run whole
   * and committed on its own: one turn.
   */
  inlineValues?: boolean;
  /**
   * Runs before a statement is tried again on a lost connection: the embedded engine's host may
   * have ended (a command that hosted it), and this process may have to host it now.
   */
  reconnect?: () => Promise<void>;
}

export class Database implements Queryable {
  pool: pg.Pool;
  private readonly config: pg.PoolConfig;
  private readonly inlineValues: boolean;
  private readonly reconnect: () => Promise<void>;
  private readonly hasReconnect: boolean;

  constructor(config: pg.PoolConfig, options: DatabaseOptions = {}) {
    this.inlineValues = options.inlineValues ?? false;
    this.reconnect = options.reconnect ?? (async () => {});
    this.hasReconnect = options.reconnect !== undefined;
    this.config = {
      max: options.maxConnections ?? 10,
      // An unreachable database fails the request in seconds (a French 500) instead of hanging it.
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
      ...config,
    };
    this.pool = this.newPool();
  }

  private newPool(): pg.Pool {
    const pool = new pg.Pool(this.config);
    // A pooled connection that the server drops (restart, failover) emits here while idle; with
    // no listener Node would end the whole process. The pool replaces it at the next query.
    pool.on("error", (error) => {
      processLogger().warn(`idle database connection lost: ${oneLine(error)}`);
    });
    return pool;
  }

  /** Reconnects, then drops every pooled connection: they all went to the engine that ended. */
  private async renew(): Promise<void> {
    await this.reconnect();
    const old = this.pool;
    this.pool = this.newPool();
    old.end().catch(() => {});
  }

  /**
   * One statement, committed when it resolves; tried once more on a fresh connection when the
   * first was already dead. Only for statements safe to run twice (reads, upserts, claims whose
   * lost answer only leaves a lease to run out): `once` runs the others.
   */
  async query<R extends Row = Row>(text: string, values?: unknown[]): Promise<Result<R>> {
    try {
      return await this.once<R>(text, values);
    } catch (error) {
      if (!isConnectionError(error)) throw error;
      return this.once<R>(text, values);
    }
  }

  /** One statement, committed when it resolves, never tried twice. */
  async once<R extends Row = Row>(text: string, values?: unknown[]): Promise<Result<R>> {
    try {
      const result = this.inlineValues
        ? await this.pool.query<R>(withValues(text, values))
        : await this.pool.query<R>(text, values);
      return { rows: result.rows, rowCount: result.rowCount ?? 0 };
    } catch (error) {
      // Not tried again, but the next statement finds the database reachable if it can be.
      if (isConnectionError(error) && this.hasReconnect) await this.renew().catch(() => {});
      throw error;
    }
  }

  /** Runs `work` in one transaction on one connection: all or nothing, committed when it resolves. */
  async transaction<T>(work: (client: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    client.on("error", ignoreClientError);
    let broken: unknown;
    const queryable: Queryable = {
      query: async <R extends Row>(text: string, values?: unknown[]) => {
        const result = this.inlineValues
          ? await client.query<R>(withValues(text, values))
          : await client.query<R>(text, values);
        return { rows: result.rows, rowCount: result.rowCount ?? 0 };
      },
    };
    try {
      await client.query("BEGIN");
      const result = await work(queryable);
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

  async close(): Promise<void> {
    await this.pool.end();
  }
}

function ignoreClientError(): void {}

/** A value as an SQL literal; strings through pg's own escaping. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "string") return pg.escapeLiteral(value);
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  if (Array.isArray(value)) return `ARRAY[${value.map(literal).join(", ")}]`;
  throw new TypeError(`no SQL literal for ${typeof value} values`);
}

/** The statement with its values written in place of $1, $2…: a statement without parameters. */
export function withValues(text: string, values: readonly unknown[] = []): string {
  if (values.length === 0) return text;
  return text.replace(/\$(\d+)/g, (_, index: string) => {
    const position = Number(index) - 1;
    if (position >= values.length) throw new RangeError(`no value for $${index}`);
    return literal(values[position]);
  });
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
