import { wholeNumber, type Executor } from "./database";
import { dialects } from "./dialect";
import { leadColumns, toLead, uuidPattern, type LeadRow } from "./lead-rows";
import type { Inbox, InboxPage, InboxQuery, Lead, LeadStatus } from "./lead-store";
import { containsPattern } from "./search-fold";

// The inbox's reads and writes of leads (tables leads and lead_deliveries), one text for both
// engines: pages newest first, filtered and searched, a lead's status, a spam deleted.

type Filter = Omit<InboxQuery, "limit" | "offset">;

/** Newest first; leads received at the same instant, the last stored first. */
const newestFirst = "ORDER BY l.received_at DESC, l.seq DESC";

/**
 * Longer than any lead's searched text can be (the form's fields together hold about 1,500
 * characters: src/shared/quote-request/quote-request.ts), so it matches none; and SQLite refuses
 * LIKE patterns over 50,000 bytes.
 */
const longestSearch = 10_000;

/** The filter as a condition on `l` and its values, numbered from $1. */
function conditions(filter: Filter): { where: string; values: unknown[] } {
  const clauses: string[] = [];
  const values: unknown[] = [];
  const bind = (value: unknown) => `$${values.push(value)}`;
  const search = filter.search?.trim() ?? "";
  if (search.length > longestSearch) clauses.push("FALSE");
  else if (search !== "") {
    clauses.push(`l.search_text LIKE ${bind(containsPattern(search))} ESCAPE '\\'`);
  }
  if (filter.status !== undefined) clauses.push(`l.status = ${bind(filter.status)}`);
  if (filter.quarantine === "only") clauses.push("l.quarantine IS NOT NULL");
  if (filter.quarantine === "none") clauses.push("l.quarantine IS NULL");
  if (filter.from !== undefined) clauses.push(`l.received_at >= ${bind(filter.from)}`);
  if (filter.to !== undefined) clauses.push(`l.received_at < ${bind(filter.to)}`);
  if (filter.owner === null) {
    // No one's: never taken, or taken by someone who has left the team since.
    if (filter.team === undefined) clauses.push("l.owner IS NULL");
    else if (filter.team.length > 0) {
      clauses.push(`(l.owner IS NULL OR l.owner NOT IN (${filter.team.map(bind).join(", ")}))`);
    }
  } else if (filter.owner !== undefined) clauses.push(`l.owner = ${bind(filter.owner)}`);
  return { where: clauses.length > 0 ? clauses.join(" AND ") : "TRUE", values };
}

export class SqlInbox implements Inbox {
  private readonly columns: string;

  constructor(
    private readonly db: Executor,
    private readonly ready: () => Promise<void>,
  ) {
    this.columns = leadColumns(db.engine);
  }

  async page(query: InboxQuery): Promise<InboxPage> {
    await this.ready();
    const { where, values } = conditions(query);
    const limit = wholeNumber(query.limit, "limit");
    const offset = wholeNumber(query.offset, "offset");
    const n = values.length;
    // The page's rows chosen first, by the index alone; only they are then read whole, with
    // their deliveries: a deep page does not gather the deliveries of every row it skips.
    const [page, total] = await Promise.all([
      this.db.query<LeadRow>(
        `SELECT ${this.columns} FROM (
           SELECT l.seq FROM leads l WHERE ${where} ${newestFirst}
           LIMIT $${n + 1} OFFSET $${n + 2}
         ) page JOIN leads l ON l.seq = page.seq ${newestFirst}`,
        [...values, limit, offset],
      ),
      this.db.query<{ total: number | string }>(
        `SELECT count(*) AS total FROM leads l WHERE ${where}`,
        values,
      ),
    ]);
    return { leads: page.rows.map(toLead), total: Number(total.rows[0]?.total ?? 0) };
  }

  async matching(filter: Filter): Promise<Lead[]> {
    await this.ready();
    const { where, values } = conditions(filter);
    const { rows } = await this.db.query<LeadRow>(
      `SELECT ${this.columns} FROM leads l WHERE ${where} ${newestFirst}`,
      values,
    );
    return rows.map(toLead);
  }

  async setStatus(
    id: string,
    status: LeadStatus,
  ): Promise<{ lead: Lead; previous: LeadStatus } | undefined> {
    await this.ready();
    // Not a uuid: no such lead (PostgreSQL would otherwise refuse the query).
    if (!uuidPattern.test(id)) return undefined;
    const key = id.toLowerCase();
    // The status replaced, read under the row's lock (PostgreSQL; SQLite runs one transaction at
    // a time): inside a transaction, a second change waits for the first and reads its status,
    // so the journal tells the history as it was.
    const { rows: found } = await this.db.query<{ status: LeadStatus }>(
      `SELECT l.status FROM leads l WHERE l.id = $1 ${dialects[this.db.engine].lockRead}`,
      [key],
    );
    const previous = found[0]?.status;
    if (previous === undefined) return undefined;
    if (previous !== status) {
      await this.db.query("UPDATE leads SET status = $2 WHERE id = $1", [key, status]);
    }
    const { rows } = await this.db.query<LeadRow>(
      `SELECT ${this.columns} FROM leads l WHERE l.id = $1`,
      [key],
    );
    return rows[0] === undefined ? undefined : { lead: toLead(rows[0]), previous };
  }

  async setOwner(
    id: string,
    owner: string,
    onlyIfFree: boolean,
    team?: readonly string[],
  ): Promise<{ lead: Lead; previous: string | null } | undefined> {
    await this.ready();
    if (!uuidPattern.test(id)) return undefined;
    const key = id.toLowerCase();
    // Read under the row's lock, as a status: the second of two takes waits, then finds it taken.
    const { rows: found } = await this.db.query<{ owner: string | null }>(
      `SELECT l.owner FROM leads l WHERE l.id = $1 ${dialects[this.db.engine].lockRead}`,
      [key],
    );
    if (found[0] === undefined) return undefined;
    const previous = found[0].owner;
    const free = previous === null || (team !== undefined && !team.includes(previous));
    if (!(onlyIfFree && !free) && previous !== owner) {
      await this.db.query("UPDATE leads SET owner = $2 WHERE id = $1", [key, owner]);
    }
    const { rows } = await this.db.query<LeadRow>(
      `SELECT ${this.columns} FROM leads l WHERE l.id = $1`,
      [key],
    );
    return rows[0] === undefined ? undefined : { lead: toLead(rows[0]), previous };
  }

  async markContact(id: string, at: Date): Promise<void> {
    await this.ready();
    if (!uuidPattern.test(id)) return;
    await this.db.query("UPDATE leads SET last_contact_at = $2 WHERE id = $1", [
      id.toLowerCase(),
      at,
    ]);
  }

  async removeQuarantined(id: string): Promise<boolean> {
    await this.ready();
    if (!uuidPattern.test(id)) return false;
    // Deliveries go with their lead (ON DELETE CASCADE). One statement: a release between the
    // page's read and this delete keeps the lead.
    const { rowCount } = await this.db.query(
      "DELETE FROM leads WHERE id = $1 AND quarantine IS NOT NULL",
      [id.toLowerCase()],
    );
    return rowCount > 0;
  }

  async quarantineCount(): Promise<number> {
    await this.ready();
    const { rows } = await this.db.query<{ n: number | string }>(
      "SELECT count(*) AS n FROM leads l WHERE l.quarantine IS NOT NULL",
    );
    return Number(rows[0]?.n ?? 0);
  }
}
