// The anti-bot defences' record in the store (its SQL: sql-ledger.ts): spent challenges and rate
// counters, shared by every process on one database.

/**
 * The anti-spam defences' memory (src/server/spam), kept in the database so that every process
 * sharing it agrees on them.
 */
export interface SpamLedger {
  /**
   * Records an anti-bot challenge as spent until it expires, durably. True when the request may
   * go on: the challenge was not spent yet, or it was spent by the same `spender` (the same
   * request sent again, whose store insert is idempotent by key). False otherwise, and always
   * for a challenge already spent when `spender` is null (a request without Idempotency-Key).
   * `owner` is the counter key of the sender's email (a hash), so that erasing them finds it;
   * `spender` a hash of the request's Idempotency-Key and fingerprint (src/server/spam/screen.ts).
   */
  spendChallenge(
    nonce: string,
    expiresAt: Date,
    owner: string,
    spender?: string | null,
  ): Promise<boolean>;
  /**
   * Counts one more hit on `key` in the window [windowStart, windowEnd) and resolves to the
   * window's count, this hit included; windows that have ended are forgotten on the way. A `hit`
   * id already counted in this window (the same request sent again: its spender, see
   * spendChallenge) is not counted again: it resolves to the count its first copy got, so that
   * every copy gets the same verdict, at once or later.
   */
  countHit(key: string, windowStart: Date, windowEnd: Date, hit?: string | null): Promise<number>;
}
