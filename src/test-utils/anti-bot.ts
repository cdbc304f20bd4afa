import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { issueChallenge } from "../server/spam/challenge";

// What a person's browser sends beside a quote request, for tests that post to the endpoint
// directly: a challenge the server issued (with this secret), solved by ALTCHA's own solver, and
// the form's typing time. `issuedAgoMs` and `elapsedMs` default to an ordinary pace.

export const testChallengeSecret = "test secret for the anti-bot challenges, not for production";

export async function solvedPayload(
  secret = testChallengeSecret,
  issuedAt = new Date(Date.now() - 30_000),
  counter = 100,
): Promise<string> {
  // A small counter: the endpoint accepts any challenge it signed, and these tests are about
  // the protocol, not the work (measured by `npm run bench:challenge`).
  const challenge = await issueChallenge(secret, issuedAt, counter);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("the challenge has no solution");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

export async function personHeaders({
  secret = testChallengeSecret,
  issuedAgoMs = 30_000,
  elapsedMs = 30_000,
  counter = 100,
}: { secret?: string; issuedAgoMs?: number; elapsedMs?: number; counter?: number } = {}): Promise<
  Record<string, string>
> {
  return {
    Altcha: await solvedPayload(secret, new Date(Date.now() - issuedAgoMs), counter),
    "Quote-Form-Elapsed": String(elapsedMs),
  };
}

/**
 * `count` sets of a person's headers, solved ahead: a load run needs one per post (each solution
 * is accepted once) and cannot wait for them between requests. The server under load must run
 * with QUOTE_CHALLENGE_SECRET set to `secret`.
 */
export async function personHeadersPool(
  count: number,
  secret = testChallengeSecret,
): Promise<Record<string, string>[]> {
  const pool: Record<string, string>[] = [];
  for (let start = 0; start < count; start += 100) {
    const batch = Math.min(100, count - start);
    pool.push(
      ...(await Promise.all(
        Array.from({ length: batch }, () => personHeaders({ secret, counter: 5 })),
      )),
    );
  }
  return pool;
}
