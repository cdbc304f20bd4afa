import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createChallenge, randomInt, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import type { Challenge, Payload } from "altcha-lib/types";
import { processLogger, type LeadLogger } from "../log/logger";

// The proof of work that a quote request carries (ALTCHA's open protocol, v2). The server issues
// a challenge signed with an HMAC secret; the form's worker finds the counter whose SHA-256 key
// starts with the signed prefix, and sends challenge and solution back as ALTCHA's base64 payload
// in the `Altcha` header. Nothing here talks to another host.

/** How long a challenge may be solved and sent: a visitor types for minutes, not hours. */
export const challengeLifetimeMs = 10 * 60 * 1000;

/**
 * The work, in SHA-256 derivations: the server picks the counter the solver must reach, so every
 * visitor does the same amount of work (ALTCHA's "deterministic mode"), unlike a random target
 * that makes one visitor in twenty wait three times the median. The range keeps the solving under
 * the budget measured by `npm run bench:challenge` (Chromium, CPU slowed 4×).
 */
export const counterRange = { min: 25_000, max: 35_000 } as const;

export type AltchaChallenge = Challenge;

/** Why a payload was refused; the visitor sees one French message for all of them. */
export type ChallengeFailure = "missing" | "malformed" | "expired" | "invalid";

export type VerifiedChallenge = {
  ok: true;
  /** The challenge's random nonce: the key under which it is spent. */
  nonce: string;
  issuedAt: Date;
  expiresAt: Date;
};

export type ChallengeCheck = VerifiedChallenge | { ok: false; failure: ChallengeFailure };

/** `counter`: the work asked for; tests that post hundreds of requests ask for little. */
export function issueChallenge(
  secret: string,
  now: Date = new Date(),
  counter: number = randomInt(counterRange.min, counterRange.max),
): Promise<AltchaChallenge> {
  return createChallenge({
    algorithm: "SHA-256",
    cost: 1,
    counter,
    deriveKey,
    // Signed with the rest: the server can tell how long ago it issued the challenge.
    data: { issuedAt: now.getTime() },
    expiresAt: new Date(now.getTime() + challengeLifetimeMs),
    hmacSignatureSecret: secret,
  });
}

/** The `Altcha` header's payload checked: signature, expiry, solution. Never throws. */
export async function verifyAltchaHeader(
  header: string | string[] | undefined,
  secret: string,
  now: Date = new Date(),
): Promise<ChallengeCheck> {
  if (header === undefined || header === "") return { ok: false, failure: "missing" };
  const payload = typeof header === "string" ? parsePayload(header) : undefined;
  if (!payload) return { ok: false, failure: "malformed" };
  const { parameters } = payload.challenge;
  const expiresAtSeconds = parameters.expiresAt;
  // altcha-lib skips the expiry check when a challenge carries none; ours always do.
  if (typeof expiresAtSeconds !== "number") return { ok: false, failure: "malformed" };
  if (expiresAtSeconds * 1000 < now.getTime()) return { ok: false, failure: "expired" };
  let verified = false;
  try {
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: secret,
    });
    verified = result.verified;
  } catch {
    // Parameters a hostile client made up (an unknown algorithm, a negative cost) throw.
    verified = false;
  }
  if (!verified) return { ok: false, failure: "invalid" };
  const issuedAt = Number(parameters.data?.issuedAt);
  return {
    ok: true,
    nonce: parameters.nonce,
    issuedAt: new Date(Number.isFinite(issuedAt) ? issuedAt : now.getTime()),
    expiresAt: new Date(expiresAtSeconds * 1000),
  };
}

/** ALTCHA's base64 payload, `{ challenge, solution }`; undefined for anything else. */
function parsePayload(header: string): Payload | undefined {
  // A payload is a few hundred bytes; a longer header is not worth decoding.
  if (header.length > 4096) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(header, "base64").toString("utf8"));
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const { challenge, solution } = value as Record<string, unknown>;
  if (typeof challenge !== "object" || challenge === null) return undefined;
  if (typeof solution !== "object" || solution === null) return undefined;
  const { parameters, signature } = challenge as Record<string, unknown>;
  if (typeof parameters !== "object" || parameters === null) return undefined;
  if (typeof signature !== "string") return undefined;
  if (typeof (parameters as Record<string, unknown>).nonce !== "string") return undefined;
  return value as Payload;
}

// On globalThis: `gatsby develop` loads the function's module again on every request, and the
// warning is worth one line per process, not one per request.
const generatedKey = Symbol.for("recouvrement-loyers/spam/generated-secret");
type SecretHolder = { [generatedKey]?: string };

/**
 * `QUOTE_CHALLENGE_SECRET`, or, so that `npm ci && npm start` works with nothing to configure, a
 * random secret kept in a file beside the lead store's folder (created on first use, readable by
 * its owner only), with a warning. Every process that checks challenges must share the same secret.
 */
export function challengeSecret(
  configured: string | null,
  dataDir: string,
  log: LeadLogger = processLogger(),
): string {
  if (configured) return configured;
  const holder = globalThis as SecretHolder;
  const known = holder[generatedKey];
  if (known) return known;
  let generated: string | undefined;
  const file = join(dirname(dataDir), ".challenge-secret");
  try {
    generated = readFileSync(file, "utf8").trim() || undefined;
  } catch {
    generated = undefined;
  }
  if (!generated) {
    generated = randomBytes(32).toString("base64url");
    try {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${generated}\n`, { mode: 0o600, flag: "wx" });
    } catch {
      // Another process wrote it first (read theirs), or the disk is read-only (keep ours, for
      // this process only: the warning says so).
      try {
        generated = readFileSync(file, "utf8").trim() || generated;
      } catch {
        /* keep the in-memory secret */
      }
    }
  }
  holder[generatedKey] = generated;
  log.warn(
    `QUOTE_CHALLENGE_SECRET is not set: anti-bot challenges are signed with a generated secret (${file}). Set QUOTE_CHALLENGE_SECRET, the same in every server process, in production.`,
  );
  return generated;
}
