import type { QuoteRequest } from "../../shared/quote-request/quote-request";
import type { LeadStore } from "../leads/lead-store";
import {
  challengeSecret,
  issueChallenge,
  verifyAltchaHeader,
  type ChallengeFailure,
} from "./challenge";
import { addressKey } from "./client-address";
import {
  checkRateLimits,
  emailCounterKey,
  parseRateLimits,
  rateLimitMessage,
  type RateLimits,
} from "./rate-limit";
import { formSignalHeaders, suspicionReason } from "./suspicion";

// The quote endpoint's defences in one call, after the body has been validated and before it is
// stored: the proof of work, the rate limits, then the signs that quarantine a request.

export const challengeFailedMessage = "La vérification anti-robot a échoué, veuillez réessayer";

/** What the defences need from a lead store (the file and PostgreSQL stores alike). */
export type SpamStore = Pick<LeadStore, "spendChallenge" | "countHit">;

export type SpamSettings = { secret: string; limits: RateLimits };

/**
 * The settings from the environment: QUOTE_CHALLENGE_SECRET and QUOTE_RATE_LIMIT. (TRUST_PROXY is
 * the server's: it gives the endpoint the client's address.)
 */
export function spamSettings(
  env: Readonly<Record<string, string | undefined>> = globalThis.process.env,
): SpamSettings {
  return { secret: challengeSecret(env), limits: parseRateLimits(env.QUOTE_RATE_LIMIT) };
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
  | { outcome: "accepted"; quarantine: { reason: string } | null };

export async function screenQuoteRequest({
  request,
  headers,
  clientAddress,
  store,
  settings,
  now = new Date(),
}: {
  request: QuoteRequest;
  /** Node's request headers, names in lower case. */
  headers: Readonly<Headers>;
  /** The client's address, after the trusted proxies (TRUST_PROXY) if any. */
  clientAddress: string;
  store: SpamStore;
  settings: SpamSettings;
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
    store,
    settings.limits,
    { addressKey: addressKey(clientAddress), email: request.email },
    now,
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
  if (!(await store.spendChallenge(challenge.nonce, challenge.expiresAt, owner))) {
    return refused("spent");
  }

  const reason = suspicionReason(request, {
    elapsedHeader: headers[formSignalHeaders.elapsed],
    websiteHeader: headers[formSignalHeaders.website],
    challengeIssuedAt: challenge.issuedAt,
    now,
  });
  return { outcome: "accepted", quarantine: reason === null ? null : { reason } };
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
