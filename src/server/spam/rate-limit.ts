import { createHash } from "node:crypto";

// How many quote requests one client address and one email address may send. Counted in fixed
// windows (the count of the window `now` falls in), which a store keeps with one atomic upsert:
// with PostgreSQL, every server process shares the counters.

export type Limit = { max: number; windowMs: number };
export type RateLimits = { address: Limit | null; email: Limit | null };

/** 5 requests in 10 minutes per client address, 3 a day per email address. */
export const defaultRateLimits: RateLimits = {
  address: { max: 5, windowMs: 10 * 60 * 1000 },
  email: { max: 3, windowMs: 24 * 60 * 60 * 1000 },
};

const units: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * `QUOTE_RATE_LIMIT`: unset for the defaults; `off` for none (a load test on loopback); or
 * `address=5/10m,email=3/1d`, either part alone keeping the other's default, `address=off`
 * turning one off. Durations in s, m, h or d.
 */
export function parseRateLimits(value: string | undefined): RateLimits {
  const setting = value?.trim() ?? "";
  if (setting === "") return defaultRateLimits;
  if (setting.toLowerCase() === "off") return { address: null, email: null };
  const limits: RateLimits = { ...defaultRateLimits };
  for (const part of setting.split(",")) {
    const match = /^\s*(address|email)\s*=\s*(?:(off)|(\d+)\s*\/\s*(\d+)\s*([smhd]))\s*$/i.exec(
      part,
    );
    if (!match) {
      throw new Error(
        `QUOTE_RATE_LIMIT: "${part.trim()}" is not understood (expected e.g. "address=5/10m,email=3/1d" or "off")`,
      );
    }
    const [, scope = "", off, max, amount, unit = ""] = match;
    const limit = off
      ? null
      : { max: Number(max), windowMs: Number(amount) * (units[unit.toLowerCase()] ?? 0) };
    if (limit && (limit.max < 1 || limit.windowMs <= 0)) {
      throw new Error(`QUOTE_RATE_LIMIT: "${part.trim()}" needs at least 1 request in a window`);
    }
    limits[scope.toLowerCase() as keyof RateLimits] = limit;
  }
  return limits;
}

/** What a store does for a rate limit: count one more hit in a window and say the new count. */
export interface RateCounter {
  countHit(key: string, windowStart: Date, windowEnd: Date, hit?: string | null): Promise<number>;
}

/**
 * Counter keys name no one in clear: an email address is kept as its hash (erasing the person
 * hashes their address again to find them), a client address as itself only for the minutes of
 * its window.
 */
export function emailCounterKey(email: string): string {
  return `email:${createHash("sha256").update(email.trim().toLowerCase()).digest("hex")}`;
}
export function addressCounterKey(addressKey: string): string {
  return `address:${addressKey}`;
}

export type RateVerdict =
  { limited: false } | { limited: true; scope: "address" | "email"; retryAfterSeconds: number };

/** Counts the request against each limit; the first limit exceeded says when to come back. */
export async function checkRateLimits(
  counter: RateCounter,
  limits: RateLimits,
  client: { addressKey: string; email: string },
  now: Date = new Date(),
  /** The request's id across its copies (its spender): a copy sent again is not counted again. */
  hit: string | null = null,
): Promise<RateVerdict> {
  const checks = [
    { scope: "address" as const, limit: limits.address, key: addressCounterKey(client.addressKey) },
    { scope: "email" as const, limit: limits.email, key: emailCounterKey(client.email) },
  ];
  for (const { scope, limit, key } of checks) {
    if (!limit) continue;
    const start = Math.floor(now.getTime() / limit.windowMs) * limit.windowMs;
    const end = start + limit.windowMs;
    const count = await counter.countHit(key, new Date(start), new Date(end), hit);
    if (count > limit.max) {
      return {
        limited: true,
        scope,
        retryAfterSeconds: Math.max(1, Math.ceil((end - now.getTime()) / 1000)),
      };
    }
  }
  return { limited: false };
}

/** The French message of a 429, with the wait rounded up to what a person reads. */
export function rateLimitMessage(verdict: {
  scope: "address" | "email";
  retryAfterSeconds: number;
}) {
  const wait = frenchDuration(verdict.retryAfterSeconds);
  return verdict.scope === "email"
    ? `Plusieurs demandes ont déjà été envoyées avec cette adresse email : nous vous recontactons rapidement. Vous pourrez en envoyer une nouvelle dans ${wait}.`
    : `Trop de demandes ont été envoyées depuis votre connexion. Veuillez réessayer dans ${wait}.`;
}

function frenchDuration(seconds: number): string {
  if (seconds < 60) return seconds > 1 ? `${seconds} secondes` : "1 seconde";
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return minutes > 1 ? `${minutes} minutes` : "1 minute";
  const hours = Math.ceil(minutes / 60);
  return hours > 1 ? `${hours} heures` : "1 heure";
}
