import type { DatabaseSync, SQLInputValue, StatementSync } from "node:sqlite";
import { resolve } from "node:path";
import type { Database, Result, Row, Transaction } from "./database";
import { fold } from "./search-fold";

// The embedded engine: SQLite in one file, through Node's own `node:sqlite` (nothing to compile,
// nothing to download). The server and `npm run leads` open the same file side by side; SQLite's
// own locks keep one writer at a time, and a writer that finds the file busy waits for it.

/**
 * How long a statement waits for another process's write to end before failing. Writes here last
 * milliseconds; five seconds only runs out when a process is stuck holding the file.
 */
export const busyTimeoutMs = 5000;

/** SQLite's primary result codes the store reports on (sqlite.org/rescode.html). */
export const sqliteCodes = {
  busy: 5,
  readonly: 8,
  corrupt: 11,
  full: 13,
  cantOpen: 14,
  notADatabase: 26,
};

/** The error's SQLite result code, or null when it does not come from SQLite. */
export function sqliteCode(error: unknown): number | null {
  if (typeof error !== "object" || error === null) return null;
  const { errcode } = error as { errcode?: unknown };
  // Extended codes carry the primary one in their low byte (SQLITE_BUSY_SNAPSHOT is 5 | 2 << 8).
  return typeof errcode === "number" ? errcode & 0xff : null;
}

/** One open file, shared by every SqliteDatabase of the process on that file. */
interface Connection {
  db: DatabaseSync;
  statements: Map<string, StatementSync>;
  /** The end of the last statement or transaction queued: the connection runs one at a time. */
  turn: Promise<unknown>;
  users: number;
}

// SQLite waits for a busy file synchronously, blocking the event loop: a second connection of
// this process waiting for the first one's transaction (held across awaits) would wait for
// itself until the timeout. So a process opens each file once and queues its work there; only
// other processes wait on SQLite's lock. Kept on globalThis: `gatsby develop` loads the Gatsby
// Function's modules again on every request (open-store.ts).
const connectionsKey: unique symbol = Symbol.for("recouvrement-loyers/sqlite-connections");
type Registry = { [connectionsKey]?: Map<string, Connection> };

function connectionTo(file: string): Connection {
  const connections = ((globalThis as Registry)[connectionsKey] ??= new Map());
  const key = resolve(file);
  let connection = connections.get(key);
  if (!connection) {
    // Reached through process.getBuiltinModule: `gatsby develop` bundles the Gatsby Function
    // with webpack, which does not know `node:sqlite`; the module is Node's, nothing is bundled.
    const sqlite = process.getBuiltinModule("node:sqlite") as typeof import("node:sqlite");
    const db = new sqlite.DatabaseSync(key, { timeout: busyTimeoutMs });
    try {
      // WAL: a reader (`npm run leads -- list`) never waits for the server's writes, nor they
      // for it. synchronous=FULL: a commit returns once it is on disk, so a 201 survives a
      // power cut. secure_delete: an erasure (the right to erasure, a spam) overwrites what it
      // deletes instead of leaving it in the file's free pages.
      db.exec(
        "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA secure_delete = ON",
      );
      // The inbox search's folding, PostgreSQL's lead_fold in JavaScript (search-fold.ts).
      db.function("lead_fold", { deterministic: true }, (value) =>
        typeof value === "string" ? fold(value) : value,
      );
    } catch (error) {
      db.close();
      throw error;
    }
    connection = { db, statements: new Map(), turn: Promise.resolve(), users: 0 };
    connections.set(key, connection);
  }
  connection.users += 1;
  return connection;
}

function release(file: string, connection: Connection): void {
  connection.users -= 1;
  if (connection.users > 0) return;
  (globalThis as Registry)[connectionsKey]?.delete(resolve(file));
  connection.db.close();
}

export class SqliteDatabase implements Database {
  readonly engine = "sqlite";
  private readonly connection: Connection;
  private closed = false;

  constructor(readonly location: string) {
    this.connection = connectionTo(location);
  }

  private get db(): DatabaseSync {
    return this.connection.db;
  }

  query<R extends Row = Row>(text: string, values?: readonly unknown[]): Promise<Result<R>> {
    return this.exclusive(() => this.run<R>(text, values));
  }

  once<R extends Row = Row>(text: string, values?: readonly unknown[]): Promise<Result<R>> {
    return this.query<R>(text, values);
  }

  /**
   * BEGIN IMMEDIATE takes the file's write lock first, so two processes' transactions never both
   * read and then both fail to write (SQLite's deadlock between two deferred transactions).
   */
  transaction<T>(work: (client: Transaction) => Promise<T>): Promise<T> {
    return this.exclusive(async () => {
      this.db.exec("BEGIN IMMEDIATE");
      const client: Transaction = {
        query: async <R extends Row>(text: string, values?: readonly unknown[]) =>
          this.run<R>(text, values),
        script: async (sql) => this.db.exec(sql),
      };
      try {
        const result = await work(client);
        this.db.exec("COMMIT");
        return result;
      } catch (error) {
        if (this.db.isTransaction) this.db.exec("ROLLBACK");
        throw error;
      }
    });
  }

  forgetDeleted(): Promise<boolean> {
    // TRUNCATE: every frame copied into the main file, then the WAL cut to nothing. `busy` is 1
    // when another process's reader kept frames from being copied; the next call copies them.
    return this.exclusive(() => {
      const [result] = this.db.prepare("PRAGMA wal_checkpoint(TRUNCATE)").all() as {
        busy: number;
      }[];
      return result?.busy === 0;
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.connection.turn;
    release(this.location, this.connection);
  }

  /**
   * One connection serves the whole process, and a transaction spans awaits: another request's
   * statement must not run inside it, so each waits for its turn.
   */
  private exclusive<T>(work: () => T | Promise<T>): Promise<T> {
    const run = this.connection.turn.then(work);
    this.connection.turn = run.catch(() => {});
    return run;
  }

  private run<R extends Row>(text: string, values: readonly unknown[] = []): Result<R> {
    const { statements } = this.connection;
    let statement = statements.get(text);
    if (!statement) {
      // `$1` is PostgreSQL's placeholder; `?1` is SQLite's for the same first value.
      statement = this.db.prepare(text.replace(/\$(\d+)/g, "?$1"));
      // IN lists of every length make new texts: a bounded cache, emptied when full.
      if (statements.size >= 200) statements.clear();
      statements.set(text, statement);
    }
    const parameters = values.map(toSqlite);
    if (statement.columns().length > 0) {
      const rows = statement.all(...parameters) as R[];
      return { rows, rowCount: rows.length };
    }
    const { changes } = statement.run(...parameters);
    return { rows: [], rowCount: Number(changes) };
  }
}

/**
 * A value as SQLite stores it. Dates become ISO 8601 text in UTC, one fixed format, so that
 * comparing two of them as text compares the instants.
 */
function toSqlite(value: unknown): SQLInputValue {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "string" || typeof value === "number" || typeof value === "bigint") {
    return value;
  }
  throw new TypeError(`no SQLite value for ${typeof value} values`);
}
