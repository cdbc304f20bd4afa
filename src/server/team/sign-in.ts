import { createHash, randomBytes } from "node:crypto";
import { sameSecret } from "../same-secret";
import type { TeamMembers } from "../config-values";
import type { LeadStore, TeamRole, TeamSession } from "../leads/lead-store";
import { checkRateLimits, type RateLimits } from "../spam/rate-limit";

// The inbox's sign-in, without passwords: an address of TEAM_EMAILS asks for a link, the link
// (one use, 15 minutes) opens a page whose button starts a session (12 hours). Links and sessions
// are stored by the SHA-256 of their secret: a copy of the database opens nothing. The role is
// read from TEAM_EMAILS at each request, so removing an address ends its sessions at once.

export const linkLifetimeMs = 15 * 60 * 1000;
export const sessionLifetimeMs = 12 * 60 * 60 * 1000;

/** Link requests: 3 per address and 10 per client in 15 minutes. */
export const linkRequestLimits: RateLimits = {
  email: { max: 3, windowMs: 15 * 60 * 1000 },
  address: { max: 10, windowMs: 15 * 60 * 1000 },
};

export const secretHash = (secret: string) => createHash("sha256").update(secret).digest("hex");
const newSecret = () => randomBytes(32).toString("base64url");
/** A secret as this module makes them: 43 base64url characters. Anything else is refused unread. */
export const secretShape = /^[A-Za-z0-9_-]{43}$/;

/** The team's records, and the ledger that counts link requests against their rate limits. */
export type TeamStore = Pick<LeadStore, "team" | "ledger">;

export type LinkRequest =
  | { outcome: "accepted"; address: string }
  | { outcome: "malformed" }
  | { outcome: "limited"; retryAfterSeconds: number };

/**
 * Checks a request for a sign-in link: the address's shape and the rate limits (per address and
 * per client), the same work whoever asks, so that the answer's time does not tell who is on the
 * list. The link itself is made after the answer (`issueLink`).
 */
export async function checkLinkRequest(
  store: TeamStore,
  email: string,
  clientKey: string,
  now = new Date(),
): Promise<LinkRequest> {
  const address = email.trim().toLowerCase();
  if (address.length > 254 || !/^[^@\s]+@[^@\s]+$/.test(address)) return { outcome: "malformed" };
  const verdict = await checkRateLimits(
    store.ledger,
    linkRequestLimits,
    { addressKey: `team-link:${clientKey}`, email: `team-link:${address}` },
    now,
  );
  if (verdict.limited) return { outcome: "limited", retryAfterSeconds: verdict.retryAfterSeconds };
  return { outcome: "accepted", address };
}

/** Makes and sends a link when `address` is on the team; false (nothing done) otherwise. */
export async function issueLink(
  store: TeamStore,
  team: TeamMembers,
  address: string,
  sendLink: (to: string, token: string) => Promise<void>,
  now = new Date(),
): Promise<boolean> {
  if (!team.has(address)) return false;
  const token = newSecret();
  await store.team.createLink({
    tokenHash: secretHash(token),
    email: address,
    createdAt: now,
    expiresAt: new Date(now.getTime() + linkLifetimeMs),
  });
  await sendLink(address, token);
  return true;
}

export interface StartedSession {
  /** The cookie's value: never stored, only its hash. */
  secret: string;
  session: TeamSession;
}

/**
 * Uses a link's token once and starts a session for its address, if the address is still on the
 * team. Undefined for a token used before, expired, unknown or malformed.
 */
export async function startSession(
  store: TeamStore,
  team: TeamMembers,
  token: string,
  now = new Date(),
): Promise<StartedSession | undefined> {
  if (!secretShape.test(token)) return undefined;
  const link = await store.team.useLink(secretHash(token), now);
  const role = link && team.get(link.email);
  if (!link || !role) return undefined;
  const secret = newSecret();
  const session: TeamSession = {
    email: link.email,
    role,
    csrf: newSecret(),
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + sessionLifetimeMs).toISOString(),
  };
  await store.team.createSession({ ...session, idHash: secretHash(secret) });
  return { secret, session };
}

/** The session a cookie's value opens, with the role TEAM_EMAILS gives its address today. */
export async function findSession(
  store: TeamStore,
  team: TeamMembers,
  secret: string | undefined,
  now = new Date(),
): Promise<TeamSession | undefined> {
  if (!secret || !secretShape.test(secret)) return undefined;
  const session = await store.team.findSession(secretHash(secret), now);
  const role: TeamRole | undefined = session && team.get(session.email);
  return session && role ? { ...session, role } : undefined;
}

/** Whether a form's token is the session's, compared in constant time. */
export function csrfMatches(session: TeamSession, token: unknown): boolean {
  if (typeof token !== "string") return false;
  return sameSecret(token, session.csrf);
}
