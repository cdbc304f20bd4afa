import { isIP } from "node:net";
import { coerce, define, optional, string, type Struct } from "superstruct";

// How each environment variable's text becomes its value, for src/server/config.ts: trimmed,
// blank as unset, and a value that cannot be read named with what was expected, in French.

/** Fastify's `trustProxy`: none, every hop, a number of hops, or addresses and CIDR ranges. */
export type TrustProxy = boolean | string | ((address: string, hop: number) => boolean);

export const invalid = Symbol("invalid value");

/**
 * An optional variable: unset or blank is undefined; otherwise `parse` turns the trimmed text into
 * its value, or `invalid`, and the failure says what was expected, in French.
 */
export function variable<T>(expected: string, parse: (raw: string) => T | typeof invalid) {
  const parsed = define<T>("variable", (value) => value !== invalid || expected);
  return optional(
    coerce(parsed, string(), (raw) => (raw.trim() === "" ? undefined : parse(raw.trim()))),
  ) as Struct<T | undefined, null>;
}

export const httpUrl = (raw: string): string | typeof invalid => {
  try {
    const url = new URL(raw);
    return url.protocol === "http:" || url.protocol === "https:" ? raw : invalid;
  } catch {
    return invalid;
  }
};

export const wholeNumber = (min: number, max: number) => (raw: string) =>
  /^\d+$/.test(raw) && Number(raw) >= min && Number(raw) <= max ? Number(raw) : invalid;

/** An address, a CIDR range, or one of proxy-addr's names, as Fastify's trustProxy takes them. */
const proxyEntry = (entry: string): boolean => {
  if (["loopback", "linklocal", "uniquelocal"].includes(entry)) return true;
  const [address = "", prefix, extra] = entry.split("/");
  if (extra !== undefined || isIP(address) === 0) return false;
  if (prefix === undefined) return true;
  const bits = isIP(address) === 4 ? 32 : 128;
  return /^\d+$/.test(prefix) && Number(prefix) <= bits;
};

export function trustProxy(raw: string): TrustProxy | typeof invalid {
  if (raw === "false") return false;
  if (raw === "true") return true;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    return (_address, hop) => hop < hops;
  }
  const entries = raw.split(",").map((entry) => entry.trim());
  return entries.every(proxyEntry) ? entries.join(",") : invalid;
}

const emailAddress = /^[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+$/;
/** `a@b.fr` or `Nom <a@b.fr>`. */
export const mailbox = (raw: string) => emailAddress.test(/<([^>]*)>\s*$/.exec(raw)?.[1] ?? raw);

/** Email addresses separated by commas, each alone or as `Nom <adresse>`. */
export const mailboxList = (raw: string): string[] | typeof invalid => {
  const to = raw
    .split(",")
    .map((address) => address.trim())
    .filter(Boolean);
  return to.every(mailbox) ? to : invalid;
};

/** Mail domains separated by commas (`hestia-recouvrement.fr,agence.fr`), each lowercased. */
export const domainList = (raw: string): string[] | typeof invalid => {
  const domains = raw
    .split(",")
    .map((domain) => domain.trim().toLowerCase())
    .filter(Boolean);
  const label = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
  const domain = new RegExp(`^${label}(?:\\.${label})+$`);
  return domains.length > 0 && domains.every((entry) => domain.test(entry)) ? domains : invalid;
};

/** The inbox's team (TEAM_EMAILS): each address, lowercased, with its role. */
export type TeamMembers = ReadonlyMap<string, "sales" | "admin">;

/** `ventes@exemple.fr:sales,dpo@exemple.fr:admin`: a role for each address, none twice. */
export const teamMembers = (raw: string): TeamMembers | typeof invalid => {
  const members = new Map<string, "sales" | "admin">();
  for (const entry of raw.split(",").map((part) => part.trim())) {
    const match = /^([^:\s]+):(sales|admin)$/.exec(entry);
    const address = match?.[1]?.toLowerCase();
    if (!match || !address || !emailAddress.test(address) || members.has(address)) return invalid;
    members.set(address, match[2] as "sales" | "admin");
  }
  return members;
};
