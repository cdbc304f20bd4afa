import type { Executor, Queryable } from "./database";
import type { SpamLedger } from "./lead-store";

// The anti-spam ledger in SQL: spent challenges and fixed-window rate counters, shared by every
// process on the database. A request sent again unchanged (its `spender`, a hash of its
// Idempotency-Key and fingerprint: src/server/spam/screen.ts) gets the verdict its first copy got.

export class SqlSpamLedger implements SpamLedger {
  constructor(
    private readonly db: Executor,
    private readonly ready: () => Promise<void>,
  ) {}

  async spendChallenge(
    nonce: string,
    expiresAt: Date,
    owner: string,
    spender: string | null = null,
  ): Promise<boolean> {
    await this.ready();
    // The primary key decides between two processes spending one nonce at once: one row. The
    // other gets a row back only when it is the same spender (the conflict waits for the first
    // insert to commit, then the WHERE compares); NULL never equals NULL. Challenges past their
    // expiry are forgotten on the way (the index keeps it cheap).
    return this.db.transaction(async (client) => {
      await client.query("DELETE FROM spent_challenges WHERE expires_at < $1", [new Date()]);
      const { rowCount } = await client.query(
        `INSERT INTO spent_challenges (nonce, owner, expires_at, spender) VALUES ($1, $2, $3, $4)
         ON CONFLICT (nonce) DO UPDATE SET spender = EXCLUDED.spender
           WHERE spent_challenges.spender = EXCLUDED.spender`,
        [nonce, owner, expiresAt, spender],
      );
      return rowCount === 1;
    });
  }

  async countHit(
    key: string,
    windowStart: Date,
    windowEnd: Date,
    hit: string | null = null,
  ): Promise<number> {
    await this.ready();
    // Windows that have ended are forgotten on the way, then one upsert counts the hit.
    const count = async (client: Queryable) => {
      await client.query("DELETE FROM rate_counters WHERE window_end <= $1", [windowStart]);
      const { rows } = await client.query<{ hits: number }>(
        `INSERT INTO rate_counters (key, window_start, window_end, hits) VALUES ($1, $2, $3, 1)
         ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_counters.hits + 1
         RETURNING hits`,
        [key, windowStart, windowEnd],
      );
      return rows[0]?.hits ?? 1;
    };
    if (hit === null) return this.db.transaction(count);
    // The hit's row first: a second copy of the request inserting it at the same moment waits
    // for this transaction to commit, then reads the position this one recorded.
    return this.db.transaction(async (client) => {
      await client.query("DELETE FROM rate_hits WHERE window_end <= $1", [windowStart]);
      const claimed = await client.query(
        `INSERT INTO rate_hits (key, window_start, window_end, hit, position)
         VALUES ($1, $2, $3, $4, 0) ON CONFLICT (key, window_start, hit) DO NOTHING`,
        [key, windowStart, windowEnd, hit],
      );
      if (claimed.rowCount !== 1) {
        const { rows } = await client.query<{ position: number }>(
          "SELECT position FROM rate_hits WHERE key = $1 AND window_start = $2 AND hit = $3",
          [key, windowStart, hit],
        );
        return rows[0]?.position ?? 1;
      }
      const hits = await count(client);
      await client.query(
        "UPDATE rate_hits SET position = $4 WHERE key = $1 AND window_start = $2 AND hit = $3",
        [key, windowStart, hit, hits],
      );
      return hits;
    });
  }
}
