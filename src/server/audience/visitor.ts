import { createHmac, randomBytes } from "node:crypto";

// Who a visitor is, as far as the statistics go: a keyed hash of (the day's salt, the address,
// the User-Agent, the site), the model of Plausible's cookieless counting. The salt is random and
// belongs to one Paris day; once it is deleted (within 48 h: by the next day's first hit and by the
// daily purge, src/server/leads/sql-audience.ts) nobody can
// tell whose hash is whose, the server included. The address and the User-Agent are read here
// and dropped: they are written nowhere.

/** The Paris day of an instant, as YYYY-MM-DD: a salt's day, an event's day. */
export function parisDay(instant: Date): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Paris",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(instant);
}

/** A new day's salt: 32 random bytes. */
export const newSalt = (): string => randomBytes(32).toString("base64url");

/** The visitor of the day: 128 bits of HMAC-SHA-256, nothing of its inputs recoverable. */
export function visitorHash(
  salt: string,
  address: string,
  userAgent: string,
  site: string,
): string {
  return createHmac("sha256", salt)
    .update(`${address}\0${userAgent}\0${site}`)
    .digest("base64url")
    .slice(0, 22);
}

/** How long the audience's events are kept: the CNIL's 25 months; the daily figures stay. */
export const eventMonths = 25;

/** The first Paris day whose events are still kept on the day of `now`. */
export function firstKeptDay(now: Date): string {
  const [year, month, day] = parisDay(now).split("-").map(Number) as [number, number, number];
  const months = year * 12 + (month - 1) - eventMonths;
  const first = new Date(Date.UTC(Math.floor(months / 12), months % 12, 1));
  // The same day of that month, or its last when it is shorter (31 March → 28 or 29 February).
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, last));
  return first.toISOString().slice(0, 10);
}
