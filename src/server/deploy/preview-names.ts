import { createHmac } from "node:crypto";

// Which branches get a preview, and the address each is served at. The admin's editorial
// workflow keeps each draft on a branch of its own under cms/ (cms/<collection>/<entry>); a push
// there builds a preview, served at PREVIEW_URL with {name} replaced by a name derived from the
// branch. The name ends with a keyed hash of the branch (HMAC with the webhook's secret): stable
// from one push to the next, so the admin's link stays the same, and impossible to guess from the
// branch's name, so a draft is seen only by those given its link.

/** The branches of the admin's editorial workflow. */
export const draftBranchPrefix = "cms/";

/** Longer branch names are refused: no editor's draft comes near it. */
const maxBranchLength = 200;

/**
 * Why `branch` cannot be a draft's, in English for the log, or null. Git's own rules for a
 * branch name (git-check-ref-format) and ours: under cms/, letters, digits, `._-/` only.
 */
export function draftBranchProblem(branch: string): string | null {
  if (!branch.startsWith(draftBranchPrefix)) return `not under ${draftBranchPrefix}`;
  if (branch.length > maxBranchLength) return `longer than ${maxBranchLength} characters`;
  if (!/^[\p{L}\p{N}._/-]+$/u.test(branch)) return "characters other than letters, digits, ._-/";
  const parts = branch.split("/");
  if (parts.some((part) => part === "" || part.startsWith(".") || part.endsWith(".lock"))) {
    return "an empty part, or one starting with a dot or ending with .lock";
  }
  if (branch.includes("..") || branch.endsWith(".")) return "two dots in a row, or a final dot";
  return null;
}

/** Letters and digits of a DNS name: a hash written with them stays one label. */
const base32 = "abcdefghijklmnopqrstuvwxyz234567";

/** 16 characters of base 32: 80 bits, out of reach of any enumeration. */
const hashLength = 16;

/**
 * The preview's name: the branch's last part, readable, then its keyed hash. One DNS label of at
 * most 47 characters, `[a-z0-9-]` only.
 */
export function previewName(branch: string, key: string): string {
  const digest = createHmac("sha256", key).update(`preview:${branch}`).digest();
  let hash = "";
  for (let index = 0; index < hashLength; index++) hash += base32[digest[index]! % 32];
  const readable = (branch.split("/").at(-1) ?? "")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 30)
    .replace(/-+$/, "");
  return readable ? `${readable}-${hash}` : hash;
}

/** What a name must look like before anything is looked up with it. */
export const isPreviewName = (name: string) => /^[a-z0-9-]{1,63}$/.test(name);

/** Stands for the name while PREVIEW_URL is read as a URL. */
const sentinel = "previewnamesentinel";

/**
 * PREVIEW_URL read: an http(s) origin with `{name}` in its host, nothing after it. Null when it
 * is not one.
 */
export function previewPattern(value: string): PreviewPattern | null {
  if ((value.match(/\{name\}/g) ?? []).length !== 1) return null;
  const sample = value.replace("{name}", sentinel);
  if (!URL.canParse(sample)) return null;
  const url = new URL(sample);
  if (!/^https?:$/.test(url.protocol) || url.pathname !== "/" || url.search || url.hash) {
    return null;
  }
  if (
    url.username ||
    url.password ||
    value.replace(/\/$/, "") !== url.origin.replace(sentinel, "{name}")
  ) {
    return null;
  }
  const [before = "", after = ""] = url.host.split(sentinel);
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  // Any host under the previews' own name answers as a preview, an ill-formed name included (the
  // page of a preview that does not exist): never as the published site.
  const hostPattern = new RegExp(`^${escape(before)}(.+)${escape(after)}$`);
  return {
    pattern: value.replace(/\/$/, ""),
    origin: (name) => `${url.protocol}//${before}${name}${after}`,
    nameOf: (host) => hostPattern.exec(host.toLowerCase())?.[1] ?? null,
  };
}

export interface PreviewPattern {
  /** PREVIEW_URL as configured, without a final slash. */
  pattern: string;
  /** The preview's origin (its SITE_URL). */
  origin(name: string): string;
  /**
   * The preview name a request's host names (lower-cased, with its port), or null for a host
   * outside PREVIEW_URL. Checked with isPreviewName before any use.
   */
  nameOf(host: string): string | null;
}
