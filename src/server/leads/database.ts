// The one way the store reaches SQL, on either engine: PostgreSQL (postgres-database.ts) or
// SQLite in a file (sqlite-database.ts). Statements are written once with PostgreSQL's `$1`
// placeholders; what the two dialects write differently is in dialect.ts, and nowhere else.

export type Row = Record<string, unknown>;

export type Engine = "postgres" | "sqlite";

/** What a statement gives back, on either engine. */
export interface Result<R extends Row> {
  rows: R[];
  rowCount: number;
}

/** Runs statements, inside a transaction when the caller opened one. */
export interface Queryable {
  query<R extends Row = Row>(text: string, values?: readonly unknown[]): Promise<Result<R>>;
}

/** A transaction's connection: statements, and scripts of several (a migration). */
export interface Transaction extends Queryable {
  script(sql: string): Promise<void>;
}

/**
 * What a repository runs its statements on (sql-store.ts): the database itself, or the connection
 * of a transaction that several repositories share (`boundTo`). A repository's own multi-statement
 * work goes through `transaction` either way.
 */
export interface Executor extends Queryable {
  readonly engine: Engine;
  /** One statement, never tried twice. */
  once<R extends Row = Row>(text: string, values?: readonly unknown[]): Promise<Result<R>>;
  /** Runs `work` all or nothing, committed when it resolves (or with the enclosing transaction). */
  transaction<T>(work: (client: Queryable) => Promise<T>): Promise<T>;
}

/**
 * An executor on a transaction already open: each statement runs on its connection, and a
 * repository's own transaction is that one. Opened through the database instead, it would run on
 * another of PostgreSQL's connections, outside the enclosing transaction and waiting for its
 * locks, or wait forever for SQLite's one connection, which the enclosing transaction holds.
 */
export function boundTo(engine: Engine, client: Queryable): Executor {
  const query = <R extends Row = Row>(text: string, values?: readonly unknown[]) =>
    client.query<R>(text, values);
  // A statement inside a transaction is never tried again: a lost connection fails the whole.
  return { engine, query, once: query, transaction: (work) => work(client) };
}

/**
 * One numbered change of the schema, as each engine lists them (migrations-postgres.ts,
 * migrations-sqlite.ts) and migrations.ts applies them.
 */
export interface Migration {
  version: number;
  description: string;
  sql: string;
}

export interface Database extends Queryable {
  readonly engine: Engine;
  /** Where the data lives, fit for a log or a terminal (a file, or a URL without password). */
  readonly location: string;
  /** One statement, never tried twice (`query` may try a statement again on a lost connection). */
  once<R extends Row = Row>(text: string, values?: readonly unknown[]): Promise<Result<R>>;
  /** Runs `work` in one transaction: all or nothing, committed when it resolves. */
  transaction<T>(work: (client: Transaction) => Promise<T>): Promise<T>;
  /**
   * Leaves no copy of rows deleted and committed in the store's files: SQLite copies its WAL into
   * the main file (where secure_delete has zeroed them) and empties it; PostgreSQL has nothing to
   * do here (its VACUUM, docs/leads.md). Resolves to false when a reader held the WAL back.
   */
  forgetDeleted(): Promise<boolean>;
  close(): Promise<void>;
}

/** `$first, $first+1…` for `count` values: an IN list written the same way on both engines. */
export function placeholders(first: number, count: number): string {
  return Array.from({ length: count }, (_, index) => `$${first + index}`).join(", ");
}

/** A JSON column as read: PostgreSQL's jsonb arrives parsed, SQLite's text does not. */
export function fromJson<T>(value: unknown): T {
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}

/** A page's limit or offset: a whole number, 0 or more, or a RangeError naming it. */
export function wholeNumber(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole number, 0 or more (got ${value})`);
  }
  return value;
}
