import { processLogger } from "../log/logger";
import { oneLine } from "../one-line";
import { boundTo, type Database, type Executor } from "./database";
import type {
  AuditLog,
  DeliveryQueue,
  Inbox,
  LeadRecords,
  LeadStore,
  Repositories,
  SpamLedger,
  TeamRecords,
  Notes,
  Verdicts,
} from "./lead-store";
import { latestVersion, migrate, schemaVersion, SchemaTooNewError } from "./migrations";
import { SqlAuditLog } from "./sql-audit";
import { SqlNotes } from "./sql-notes";
import { SqlVerdicts } from "./sql-verdicts";
import { SqlAudience } from "./sql-audience";
import { SqlDeliveryQueue } from "./sql-deliveries";
import { SqlInbox } from "./sql-inbox";
import { SqlLeadRecords } from "./sql-leads";
import { SqlSpamLedger } from "./sql-ledger";
import { SqlTeamRecords } from "./sql-team";

// The lead store: its repositories, one per job (lead-store.ts), over one database, PostgreSQL or
// SQLite, with the same SQL but where the dialects differ (dialect.ts), and each engine's
// migrations. Every repository, the store's own and a transaction's, shares one schema check.

/** Thrown while the database lacks the schema: the endpoint answers 500 and logs this message. */
export class SchemaMissingError extends Error {
  constructor(found: number, needed: number) {
    super(
      `the schema for leads is at version ${found}, ${needed} is needed: ` +
        "run `npm run leads -- migrate` with the same DATABASE_URL",
    );
    this.name = "SchemaMissingError";
  }
}

/** The repositories, each running its statements on `db`, and checking the schema with `ready`. */
function repositories(db: Executor, ready: () => Promise<void>): Repositories {
  return {
    leads: new SqlLeadRecords(db, ready),
    inbox: new SqlInbox(db, ready),
    deliveries: new SqlDeliveryQueue(db, ready),
    ledger: new SqlSpamLedger(db, ready),
    team: new SqlTeamRecords(db, ready),
    audit: new SqlAuditLog(db, ready),
    notes: new SqlNotes(db, ready),
    verdicts: new SqlVerdicts(db, ready),
    audience: new SqlAudience(db, ready),
  };
}

export class SqlLeadStore implements LeadStore {
  private schemaChecked = false;
  readonly leads: LeadRecords;
  readonly inbox: Inbox;
  readonly deliveries: DeliveryQueue;
  readonly ledger: SpamLedger;
  readonly team: TeamRecords;
  readonly audit: AuditLog;
  readonly notes: Notes;
  readonly verdicts: Verdicts;
  readonly audience: SqlAudience;
  private readonly check = () => this.ready();

  /**
   * `erasuresDir`: BACKUP_DIR, where the embedded store's erasures are also written
   * (erasure-file.ts); null for PostgreSQL, whose own backups are the provider's.
   */
  constructor(
    readonly database: Database,
    readonly erasuresDir: string | null = null,
  ) {
    const repos = repositories(database, this.check);
    this.leads = repos.leads;
    this.inbox = repos.inbox;
    this.deliveries = repos.deliveries;
    this.ledger = repos.ledger;
    this.team = repos.team;
    this.audit = repos.audit;
    this.notes = repos.notes;
    this.verdicts = repos.verdicts;
    this.audience = repos.audience;
  }

  async transaction<T>(work: (repos: Repositories) => Promise<T>): Promise<T> {
    // Checked before BEGIN, through the database: on SQLite's one connection that read would
    // wait for the transaction to end. Inside it, the repositories find the schema checked.
    await this.ready();
    return this.database.transaction((client) =>
      work(repositories(boundTo(this.database.engine, client), this.check)),
    );
  }

  async forgetDeleted(): Promise<void> {
    try {
      if (!(await this.database.forgetDeleted())) {
        processLogger().warn(
          "leads: deleted rows still in the WAL, another process reading: copied at the next deletion or checkpoint",
        );
      }
    } catch (error) {
      processLogger().error(`leads: the WAL could not be emptied: ${oneLine(error)}`);
    }
  }

  /** Applies the migrations not applied yet; resolves to their versions. */
  async migrate(): Promise<number[]> {
    const done = await migrate(this.database);
    this.schemaChecked = true;
    return done;
  }

  schemaVersion(): Promise<number> {
    return schemaVersion(this.database);
  }

  /** The newest schema this code knows on this store's engine. */
  latestVersion(): number {
    return latestVersion(this.database);
  }

  /**
   * Resolves once the schema is the code's, as any repository's first use checks it: for work that
   * writes through `database` itself (lead-import.ts).
   */
  checkSchema(): Promise<void> {
    return this.ready();
  }

  /** One round trip to the database, for `npm run leads -- check`. */
  async ping(): Promise<void> {
    await this.database.query("SELECT 1");
  }

  // Checked once per process, at first use rather than at start: a functions host starts an
  // instance per request burst, and the error then reaches the log of the request that met it.
  // A failed check is not remembered, so running `migrate` is enough, without a restart.
  private async ready(): Promise<void> {
    if (this.schemaChecked) return;
    const version = await this.schemaVersion();
    const latest = latestVersion(this.database);
    if (version !== latest) {
      const error =
        version > latest
          ? new SchemaTooNewError(this.database.location, version, latest)
          : new SchemaMissingError(version, latest);
      processLogger().error(error.message);
      throw error;
    }
    this.schemaChecked = true;
  }

  async close(): Promise<void> {
    await this.database.close();
  }
}
