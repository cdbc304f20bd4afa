import { placeholders, wholeNumber, type Database } from "./database";
import type { AuditAction, AuditEntry, TeamRecords, TeamRole, TeamSession } from "./lead-store";

// The inbox's team records in SQL (tables sign_in_links, team_sessions, audit_log and
// digest_claims), one text for both engines. Each write that must not happen twice (a link used,
// an audit line, the day's digest claimed) runs `once`: never tried again on a lost connection.

interface SessionRow {
  [column: string]: unknown;
  email: string;
  role: TeamRole;
  csrf: string;
  created_at: Date | string;
  expires_at: Date | string;
}

interface AuditRow {
  [column: string]: unknown;
  at: Date | string;
  actor: string;
  action: AuditAction;
  lead_id: string | null;
  detail: string | null;
  request_id: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

export class SqlTeamRecords implements TeamRecords {
  constructor(
    private readonly database: Database,
    private readonly ready: () => Promise<void>,
  ) {}

  async createLink(link: {
    tokenHash: string;
    email: string;
    createdAt: Date;
    expiresAt: Date;
  }): Promise<void> {
    await this.ready();
    await this.database.once(
      `INSERT INTO sign_in_links (token_hash, email, created_at, expires_at)
       VALUES ($1, $2, $3, $4)`,
      [link.tokenHash, link.email, link.createdAt, link.expiresAt],
    );
  }

  async useLink(tokenHash: string, now: Date): Promise<{ email: string } | undefined> {
    await this.ready();
    // One statement: of two requests with the same link, the second finds used_at set (on
    // PostgreSQL it waits for the first's row lock, then checks the WHERE again).
    const { rows } = await this.database.once<{ email: string }>(
      `UPDATE sign_in_links SET used_at = $2
       WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
       RETURNING email`,
      [tokenHash, now],
    );
    return rows[0] === undefined ? undefined : { email: rows[0].email };
  }

  async createSession(session: TeamSession & { idHash: string }): Promise<void> {
    await this.ready();
    await this.database.once(
      `INSERT INTO team_sessions (id_hash, email, role, csrf, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        session.idHash,
        session.email,
        session.role,
        session.csrf,
        new Date(session.createdAt),
        new Date(session.expiresAt),
      ],
    );
  }

  async findSession(idHash: string, now: Date): Promise<TeamSession | undefined> {
    await this.ready();
    const { rows } = await this.database.query<SessionRow>(
      `SELECT email, role, csrf, created_at, expires_at FROM team_sessions
       WHERE id_hash = $1 AND ended_at IS NULL AND expires_at > $2`,
      [idHash, now],
    );
    const row = rows[0];
    if (row === undefined) return undefined;
    return {
      email: row.email,
      role: row.role,
      csrf: row.csrf,
      createdAt: iso(row.created_at),
      expiresAt: iso(row.expires_at),
    };
  }

  async endSession(idHash: string, now: Date): Promise<void> {
    await this.ready();
    // Ended once: signing out again keeps the first end.
    await this.database.query(
      "UPDATE team_sessions SET ended_at = $2 WHERE id_hash = $1 AND ended_at IS NULL",
      [idHash, now],
    );
  }

  async endSessionsExcept(emails: readonly string[], now: Date): Promise<number> {
    await this.ready();
    const kept = emails.length === 0 ? "" : `AND email NOT IN (${placeholders(2, emails.length)})`;
    const { rowCount } = await this.database.query(
      `UPDATE team_sessions SET ended_at = $1 WHERE ended_at IS NULL ${kept}`,
      [now, ...emails],
    );
    return rowCount;
  }

  async audit(entry: AuditEntry): Promise<void> {
    await this.ready();
    await this.database.once(
      `INSERT INTO audit_log (at, actor, action, lead_id, detail, request_id)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [new Date(entry.at), entry.actor, entry.action, entry.leadId, entry.detail, entry.requestId],
    );
  }

  async auditLog(page: {
    limit: number;
    offset: number;
  }): Promise<{ entries: AuditEntry[]; total: number }> {
    await this.ready();
    // Newest first by insertion: two lines written in the same millisecond keep their order.
    const [lines, total] = await Promise.all([
      this.database.query<AuditRow>(
        `SELECT at, actor, action, lead_id, detail, request_id FROM audit_log
         ORDER BY seq DESC LIMIT $1 OFFSET $2`,
        [wholeNumber(page.limit, "limit"), wholeNumber(page.offset, "offset")],
      ),
      this.database.query<{ n: number | string }>("SELECT count(*) AS n FROM audit_log"),
    ]);
    return {
      entries: lines.rows.map((row) => ({
        at: iso(row.at),
        actor: row.actor,
        action: row.action,
        leadId: row.lead_id,
        detail: row.detail,
        requestId: row.request_id,
      })),
      total: Number(total.rows[0]?.n ?? 0),
    };
  }

  async claimDigest(day: string, now: Date): Promise<boolean> {
    await this.ready();
    // The primary key decides between processes: one insert, the others find the day taken.
    const { rowCount } = await this.database.once(
      "INSERT INTO digest_claims (day, claimed_at) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING",
      [day, now],
    );
    return rowCount === 1;
  }

  async unclaimDigest(day: string): Promise<void> {
    await this.ready();
    await this.database.query("DELETE FROM digest_claims WHERE day = $1", [day]);
  }
}
