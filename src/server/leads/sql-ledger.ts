import type { Database } from "./database";
import type { SpamLedger } from "./lead-store";

// The anti-spam ledger in SQL: spent challenges and fixed-window rate counters, shared by every
// process on the database.

export class SqlSpamLedger implements SpamLedger {
  constructor(
    private readonly database: Database,
    private readonly ready: () => Promise<void>,
  ) {}

  async spendChallenge(nonce: string, expiresAt: Date, owner: string): Promise<boolean> {
    await this.ready();
    // The primary key decides between two processes spending one nonce at once: one row, one
    // true. Challenges past their expiry are forgotten on the way (the index keeps it cheap).
    const { rowCount } = await this.database.once(
      `WITH expired AS (DELETE FROM spent_challenges WHERE expires_at < now())
       INSERT INTO spent_challenges (nonce, owner, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (nonce) DO NOTHING`,
      [nonce, owner, expiresAt],
    );
    return rowCount === 1;
  }

  async countHit(key: string, windowStart: Date, windowEnd: Date): Promise<number> {
    await this.ready();
    const { rows } = await this.database.query<{ hits: number }>(
      `WITH ended AS (DELETE FROM rate_counters WHERE window_end <= $2)
       INSERT INTO rate_counters (key, window_start, window_end, hits) VALUES ($1, $2, $3, 1)
       ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_counters.hits + 1
       RETURNING hits`,
      [key, windowStart, windowEnd],
    );
    return rows[0]?.hits ?? 1;
  }
}
