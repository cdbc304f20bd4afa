import type { SqlAudience } from "../leads/sql-audience";
import type { Beacon } from "./beacon";
import { maxPathLength } from "./beacon";
import { isRobot, traitsOf, type FilteredClass } from "./classify";
import { newSalt, parisDay, visitorHash } from "./visitor";

// One beacon, counted or filtered (POST /api/audience, src/server/http/routes/audience-routes.ts).
// The address and the User-Agent reach this function and no further: the day's visitor hash and
// the User-Agent's coarse traits are what is kept. Caps bound what a flood can write: a visitor's
// events per day, the day's events, the day's distinct paths not found.

export const caps = {
  /** Events of one visitor in a day: a reader of every page, many times over. */
  perVisitor: 300,
  /** Events of the whole site in a day. */
  perDay: 100_000,
  /** Distinct paths not found in a day; beyond, such a hit counts under `otherMissing`. */
  missingPaths: 100,
};

/** Where the paths not found beyond the day's cap are counted. */
export const otherMissing = "(autres adresses introuvables)";

export interface Hit {
  beacon: Beacon;
  /** The client's address (Fastify's request.ip, behind TRUST_PROXY): hashed, never kept. */
  address: string;
  userAgent: string | undefined;
  /** DNT: 1 or Sec-GPC: 1. */
  optedOut: boolean;
  /** The site's own host: its referrers are navigation, not sources. */
  siteHost: string;
  /** The site's pages, each as its address without a final slash ("/" for the home page). */
  pages: ReadonlySet<string>;
  now: Date;
}

/** A page's address as the statistics keep it: the path alone, no final slash, cut to size. */
export function pagePath(raw: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(raw, "http://site.invalid").pathname;
  } catch {
    return null;
  }
  if (!raw.startsWith("/") || raw.startsWith("//")) return null;
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return trimmed.slice(0, maxPathLength) || "/";
}

/** A referrer's host, lower-case, when it is one and not the site's own. */
export function referrerHost(raw: string | undefined, siteHost: string): string | null {
  if (!raw) return null;
  const host = raw.toLowerCase();
  if (!/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9-]{1,63}$/.test(host)) {
    return null;
  }
  return host === siteHost.toLowerCase() ? null : host;
}

export async function countHit(
  audience: SqlAudience,
  hit: Hit,
): Promise<"counted" | FilteredClass> {
  const day = parisDay(hit.now);
  const filter = async (kind: FilteredClass) => {
    await audience.filtered(day, kind);
    return kind;
  };
  if (hit.optedOut) return filter("opted-out");
  if (isRobot(hit.userAgent)) return filter("robot");
  if (hit.beacon.webdriver) return filter("automated");
  let path = pagePath(hit.beacon.path);
  if (path === null) return filter("invalid");
  // A view of no page of the site is a path not found (the 404 page shows); the form's steps and
  // the speed of such a page are counted under one name for them all.
  const known = hit.pages.has(path);
  const kind = hit.beacon.kind === "view" && !known ? "missing" : hit.beacon.kind;
  if (!known && kind !== "missing") path = otherMissing;

  const salt = await audience.salt(day, newSalt());
  const visitor = visitorHash(salt, hit.address, hit.userAgent!, hit.siteHost);
  const load = await audience.load(day, visitor);
  if (load.ofVisitor >= caps.perVisitor || load.ofDay >= caps.perDay) return filter("flood");
  if (kind === "missing" && !(await audience.claimMissingPath(day, path, caps.missingPaths))) {
    path = otherMissing;
  }
  const { browser, device } = traitsOf(hit.userAgent!);
  const beacon = hit.beacon;
  await audience.record({
    day,
    kind,
    path,
    visitor,
    referrer: beacon.kind === "view" ? referrerHost(beacon.referrer, hit.siteHost) : null,
    width: beacon.width,
    browser,
    device,
    step: beacon.kind === "step" ? beacon.step : null,
    lcpMs: beacon.kind === "speed" && beacon.lcp !== undefined ? Math.round(beacon.lcp) : null,
    cls: beacon.kind === "speed" && beacon.cls !== undefined ? beacon.cls : null,
    inpMs: beacon.kind === "speed" && beacon.inp !== undefined ? Math.round(beacon.inp) : null,
  });
  return "counted";
}
