import { createHash } from "node:crypto";
import type { QuoteRequest } from "../../shared/quote-request/quote-request";
import type { SpamLedger } from "../leads/lead-store";
import type { ServerConfig } from "../config";
import type { LeadLogger } from "../log/logger";
import {
  challengeSecret,
  issueChallenge,
  verifyAltchaHeader,
  type ChallengeFailure,
} from "./challenge";
import { addressKey } from "./client-address";
import { checkRateLimits, emailCounterKey, rateLimitMessage, type RateLimits } from "./rate-limit";
import { formSignalHeaders, suspicion, type QuarantineRule } from "./suspicion";

// The quote endpoint's defences in one call, after the body has been validated and before it is
// stored: the proof of work, the rate limits, then the signs that quarantine a request.

export const challengeFailedMessage = "La vérification anti-robot a échoué, veuillez réessayer";

export type SpamSettings = { secret: string; limits: RateLimits };

/**
 * The settings from the server's configuration: QUOTE_CHALLENGE_SECRET (or the generated one kept
 * beside the data file) and QUOTE_RATE_LIMIT. (TRUST_PROXY is the server's: it gives the endpoint
 * the client's address.)
 */
export function spamSettings(
  config: Pick<ServerConfig, "spam" | "store">,
  log?: LeadLogger,
): SpamSettings {
  return {
    secret: challengeSecret(config.spam.challengeSecret, config.store.databaseDir, log),
    limits: config.spam.rateLimits,
  };
}

/**
 * Who spends a challenge: a hash of the Idempotency-Key and the request's fingerprint. The same
 * proof presented again by the same spender is the same request sent again (a browser's retry on
 * a dropped connection, a proxy's), let through to the store's save, which is idempotent by key.
 * Without a key nothing makes a second copy the same request: null, and a spent proof is refused.
 */
export function spenderOf(idempotencyKey: string | null, fingerprint: string): string | null {
  if (idempotencyKey === null) return null;
  return createHash("sha256").update(`${idempotencyKey}\n${fingerprint}`).digest("hex");
}

type Headers = Record<string, string | string[] | undefined>;

export type Screening =
  | {
      outcome: "refused";
      status: 403 | 429;
      messageText: string;
      headers: Record<string, string>;
      /** For the server's log: which defence refused it. */
      reason: ChallengeFailure | "spent" | "rate-address" | "rate-email";
    }
  | { outcome: "accepted"; quarantine: { reason: string; rule: QuarantineRule } | null };

export async function screenQuoteRequest({
  request,
  headers,
  clientAddress,
  ledger,
  settings,
  spender = null,
  now = new Date(),
}: {
  request: QuoteRequest;
  /** Node's request headers, names in lower case. */
  headers: Readonly<Headers>;
  /** The client's address, after the trusted proxies (TRUST_PROXY) if any. */
  clientAddress: string;
  /** The store's anti-spam ledger (the embedded SQLite and PostgreSQL stores alike). */
  ledger: SpamLedger;
  settings: SpamSettings;
  /** See `spenderOf`: null for a request without Idempotency-Key. */
  spender?: string | null;
  now?: Date;
}): Promise<Screening> {
  const refused = (reason: ChallengeFailure | "spent"): Screening => ({
    outcome: "refused",
    status: 403,
    messageText: challengeFailedMessage,
    headers: {},
    reason,
  });
  const challenge = await verifyAltchaHeader(headers.altcha, settings.secret, now);
  if (!challenge.ok) return refused(challenge.failure);

  const verdict = await checkRateLimits(
    ledger,
    settings.limits,
    { addressKey: addressKey(clientAddress), email: request.email },
    now,
    spender,
  );
  if (verdict.limited) {
    return {
      outcome: "refused",
      status: 429,
      messageText: rateLimitMessage(verdict),
      headers: { "Retry-After": String(verdict.retryAfterSeconds) },
      reason: verdict.scope === "email" ? "rate-email" : "rate-address",
    };
  }
  // Spent last, so that a request refused above leaves its solution for the retry.
  const owner = emailCounterKey(request.email);
  if (!(await ledger.spendChallenge(challenge.nonce, challenge.expiresAt, owner, spender))) {
    return refused("spent");
  }

  const suspect = suspicion(request, {
    elapsedHeader: headers[formSignalHeaders.elapsed],
    websiteHeader: headers[formSignalHeaders.website],
    challengeIssuedAt: challenge.issuedAt,
    now,
  });
  return { outcome: "accepted", quarantine: suspect };
}

/** `GET /api/challenge`: a fresh challenge, never cached. Other methods get 405. */
export async function challengeResponse(
  method: string | undefined,
  settings: Pick<SpamSettings, "secret">,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const headers = {
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "no-store",
  };
  if (method !== "GET") {
    return {
      status: 405,
      headers: { ...headers, Allow: "GET" },
      body: JSON.stringify({ messageText: "Méthode non autorisée" }),
    };
  }
  return { status: 200, headers, body: JSON.stringify(await issueChallenge(settings.secret)) };
}
