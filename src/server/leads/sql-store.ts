import { processLogger } from "../log/logger";
import type { Database } from "./database";
import type { LeadStore } from "./lead-store";
import { latestVersion, migrate, schemaVersion, SchemaTooNewError } from "./migrations";
import { SqlDeliveryQueue } from "./sql-deliveries";
import { SqlInbox } from "./sql-inbox";
import { SqlLeadRecords } from "./sql-leads";
import { SqlSpamLedger } from "./sql-ledger";
import { SqlTeamRecords } from "./sql-team";

// The lead store: its four jobs (lead-store.ts) over one database, PostgreSQL or SQLite, with
// the same SQL but where the dialects differ (dialect.ts), and each engine's migrations.

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

export class SqlLeadStore implements LeadStore {
  private schemaChecked = false;
  private readonly records: SqlLeadRecords;
  private readonly queue: SqlDeliveryQueue;
  private readonly ledger: SqlSpamLedger;
  private readonly inboxReads: SqlInbox;
  private readonly team: SqlTeamRecords;

  constructor(readonly database: Database) {
    const ready = () => this.ready();
    this.records = new SqlLeadRecords(database, ready);
    this.queue = new SqlDeliveryQueue(database, ready);
    this.ledger = new SqlSpamLedger(database, ready);
    this.inboxReads = new SqlInbox(database, ready);
    this.team = new SqlTeamRecords(database, ready);
  }

  save = (...args: Parameters<LeadStore["save"]>) => this.records.save(...args);
  get = (...args: Parameters<LeadStore["get"]>) => this.records.get(...args);
  findByKey = (...args: Parameters<LeadStore["findByKey"]>) => this.records.findByKey(...args);
  list = () => this.records.list();
  release = (...args: Parameters<LeadStore["release"]>) => this.records.release(...args);
  findByEmail = (...args: Parameters<LeadStore["findByEmail"]>) =>
    this.records.findByEmail(...args);
  purge = (...args: Parameters<LeadStore["purge"]>) => this.records.purge(...args);
  erase = (...args: Parameters<LeadStore["erase"]>) => this.records.erase(...args);
  inbox = (...args: Parameters<LeadStore["inbox"]>) => this.inboxReads.inbox(...args);
  matching = (...args: Parameters<LeadStore["matching"]>) => this.inboxReads.matching(...args);
  setStatus = (...args: Parameters<LeadStore["setStatus"]>) => this.inboxReads.setStatus(...args);
  removeQuarantined = (...args: Parameters<LeadStore["removeQuarantined"]>) =>
    this.inboxReads.removeQuarantined(...args);
  quarantineCount = () => this.inboxReads.quarantineCount();
  claimDue = (...args: Parameters<LeadStore["claimDue"]>) => this.queue.claimDue(...args);
  recordDelivery = (...args: Parameters<LeadStore["recordDelivery"]>) =>
    this.queue.recordDelivery(...args);
  spendChallenge = (...args: Parameters<LeadStore["spendChallenge"]>) =>
    this.ledger.spendChallenge(...args);
  countHit = (...args: Parameters<LeadStore["countHit"]>) => this.ledger.countHit(...args);
  createLink = (...args: Parameters<LeadStore["createLink"]>) => this.team.createLink(...args);
  useLink = (...args: Parameters<LeadStore["useLink"]>) => this.team.useLink(...args);
  createSession = (...args: Parameters<LeadStore["createSession"]>) =>
    this.team.createSession(...args);
  findSession = (...args: Parameters<LeadStore["findSession"]>) => this.team.findSession(...args);
  endSession = (...args: Parameters<LeadStore["endSession"]>) => this.team.endSession(...args);
  endSessionsExcept = (...args: Parameters<LeadStore["endSessionsExcept"]>) =>
    this.team.endSessionsExcept(...args);
  audit = (...args: Parameters<LeadStore["audit"]>) => this.team.audit(...args);
  auditLog = (...args: Parameters<LeadStore["auditLog"]>) => this.team.auditLog(...args);
  claimDigest = (...args: Parameters<LeadStore["claimDigest"]>) => this.team.claimDigest(...args);
  unclaimDigest = (...args: Parameters<LeadStore["unclaimDigest"]>) =>
    this.team.unclaimDigest(...args);

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
   * Resolves once the schema is the code's, as any method's first use checks it: for work that
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
