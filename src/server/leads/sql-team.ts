import { placeholders, type Executor } from "./database";
import { iso } from "./lead-rows";
import type { TeamRecords, TeamRole, TeamSession } from "./lead-store";

// The inbox's team records in SQL (tables sign_in_links, team_sessions and digest_claims), one
// text for both engines; its audit log is in sql-audit.ts. Each write that must not happen twice
// (a link used, the day's digest claimed) runs `once`: never tried again on a lost connection.

interface SessionRow {
  [column: string]: unknown;
  email: string;
  role: TeamRole;
  csrf: string;
  created_at: Date | string;
  expires_at: Date | string;
}

export class SqlTeamRecords implements TeamRecords {
  constructor(
    private readonly db: Executor,
    private readonly ready: () => Promise<void>,
  ) {}

  async createLink(link: {
    tokenHash: string;
    email: string;
    createdAt: Date;
    expiresAt: Date;
  }): Promise<void> {
    await this.ready();
    await this.db.once(
      `INSERT INTO sign_in_links (token_hash, email, created_at, expires_at)
       VALUES ($1, $2, $3, $4)`,
      [link.tokenHash, link.email, link.createdAt, link.expiresAt],
    );
  }

  async useLink(tokenHash: string, now: Date): Promise<{ email: string } | undefined> {
    await this.ready();
    // One statement: of two requests with the same link, the second finds used_at set (on
    // PostgreSQL it waits for the first's row lock, then checks the WHERE again).
    const { rows } = await this.db.once<{ email: string }>(
      `UPDATE sign_in_links SET used_at = $2
       WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
       RETURNING email`,
      [tokenHash, now],
    );
    return rows[0] === undefined ? undefined : { email: rows[0].email };
  }

  async createSession(session: TeamSession & { idHash: string }): Promise<void> {
    await this.ready();
    await this.db.once(
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
    const { rows } = await this.db.query<SessionRow>(
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
    await this.db.query(
      "UPDATE team_sessions SET ended_at = $2 WHERE id_hash = $1 AND ended_at IS NULL",
      [idHash, now],
    );
  }

  async endSessionsExcept(emails: readonly string[], now: Date): Promise<number> {
    await this.ready();
    const kept = emails.length === 0 ? "" : `AND email NOT IN (${placeholders(2, emails.length)})`;
    const { rowCount } = await this.db.query(
      `UPDATE team_sessions SET ended_at = $1 WHERE ended_at IS NULL ${kept}`,
      [now, ...emails],
    );
    return rowCount;
  }

  async claimDigest(day: string, now: Date): Promise<boolean> {
    await this.ready();
    // The primary key decides between processes: one insert, the others find the day taken.
    const { rowCount } = await this.db.once(
      "INSERT INTO digest_claims (day, claimed_at) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING",
      [day, now],
    );
    return rowCount === 1;
  }

  async unclaimDigest(day: string): Promise<void> {
    await this.ready();
    await this.db.query("DELETE FROM digest_claims WHERE day = $1", [day]);
  }
}
