// The team's side of the store (its SQL: sql-team.ts): who may sign in to the inbox, the
// one-use sign-in links and the sessions, and the quarantine email's once-a-day claim.

/** Who may sign in to the inbox: sales, or admin (who may also erase and read the audit log). */
export type TeamRole = "sales" | "admin";

export interface TeamSession {
  email: string;
  role: TeamRole;
  /** The token every form of the session's pages carries (cross-site request forgery). */
  csrf: string;
  createdAt: string;
  expiresAt: string;
}

/**
 * The inbox's sign-in links and sessions (each stored by the SHA-256 of its secret, never the
 * secret), and the daily quarantine email's one-per-day claim.
 */
export interface TeamRecords {
  createLink(link: {
    tokenHash: string;
    email: string;
    createdAt: Date;
    expiresAt: Date;
  }): Promise<void>;
  /**
   * Uses a link once: marks it used and resolves to its address when it exists, was never used
   * and has not expired at `now`; undefined otherwise. Two concurrent calls: one wins.
   */
  useLink(tokenHash: string, now: Date): Promise<{ email: string } | undefined>;
  createSession(session: TeamSession & { idHash: string }): Promise<void>;
  /** The session when it exists, was not ended and has not expired at `now`. */
  findSession(idHash: string, now: Date): Promise<TeamSession | undefined>;
  endSession(idHash: string, now: Date): Promise<void>;
  /**
   * Ends every open session whose address is not among `emails` (lowercase): a member removed
   * from TEAM_EMAILS stays signed out even if the address comes back. Resolves to how many.
   */
  endSessionsExcept(emails: readonly string[], now: Date): Promise<number>;
  /**
   * True for the first call with `day` (YYYY-MM-DD in Paris), false for every later one, from
   * any process: the quarantine email goes once a day.
   */
  claimDigest(day: string, now: Date): Promise<boolean>;
  /** Gives the day back when its email could not be sent, so that the next check tries again. */
  unclaimDigest(day: string): Promise<void>;
}
