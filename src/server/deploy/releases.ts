import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { basename, join } from "node:path";

/** A publication (the published branch) or a draft's preview. */
export type BuildKind = "publication" | "preview";

// The releases under DEPLOY_DIR: each successful build copied apart from the working copy, into
// releases/<id>/site, its content/ beside it (what the server reads at run time: the
// acknowledgement email), with what it was built from in releases/<id>/release.json (written last:
// a folder without it is a copy cut short, never served). `current` is a symbolic link to the
// live one, replaced in one rename(2): every process (the server, `npm run site`) sees either the
// old release or the new one, never a mixture, and a request already being answered keeps
// reading the release it started with, which stays on disk.

export interface ReleaseInfo {
  id: string;
  commit: string;
  author: { name: string; email: string } | null;
  /** The commit's subject line. */
  message: string;
  /** When the commit was made (ISO), and when its build became a release. */
  committedAt: string;
  builtAt: string;
  /** The hash of the server's code this commit compiles (serverCodeHash), or null. */
  serverCode: string | null;
  /** The instant the site was built as of (SITE_BUILD_AS_OF); absent in releases before 1.4. */
  asOf?: string;
  /** What started it: the scheduled instant (scheduler.ts), or null for a push or by hand. */
  scheduledFor?: string | null;
  /**
   * The instants after `asOf` at which its content changes, each with what changes (schedule.ts
   * plans from it): its content/ holds only what is in force at `asOf`. Absent before 1.4.
   */
  upcoming?: { at: string; changes: string[] }[];
}

export function deployPaths(dir: string) {
  return {
    /**
     * The publications' working copy: fetched, installed and built in place, Gatsby's cache kept
     * warm. The drafts have their own (`draftWork`): no file a draft's build writes (its
     * node_modules/, its caches) is ever in a publication's sight.
     */
    work: join(dir, "work"),
    /** The drafts' working copy (preview-deploy.ts). */
    draftWork: join(dir, "drafts", "work"),
    releases: join(dir, "releases"),
    current: join(dir, "current"),
    /** What the deployer is doing, for a restart after a crash and for /api/deploy/status. */
    state: join(dir, "state.json"),
    /** Held by the process deploying (the server or `npm run site -- deploy`). */
    lock: join(dir, "deploy.lock"),
    /** The build box's home (src/server/deploy/sandbox.ts), emptied before each build. */
    home: join(dir, "home"),
    /**
     * npm's cache, filled by the server outside the box from the registry alone
     * (package-fetch.ts); a build gets a copy of it, never this folder.
     */
    npmCache: join(dir, "npm-cache"),
    /** The push deliveries already received (the webhook's redeliveries). */
    deliveries: join(dir, "deliveries.json"),
    /** The drafts' previews (previews.ts). */
    previews: join(dir, "previews"),
    /** The drafts waiting for their preview, in push order (preview-deploy.ts). */
    previewQueue: join(dir, "preview-queue.json"),
  };
}

/** A kind's working copy. */
export const workOf = (dir: string, kind: BuildKind) =>
  kind === "publication" ? deployPaths(dir).work : deployPaths(dir).draftWork;

/**
 * The hash of the lock files installed whole in a working copy: removed before an install starts,
 * written once it is done, so that an install cut short is done again.
 */
export const installedLockOf = (dir: string, kind: BuildKind) =>
  join(dir, kind === "publication" ? "installed-lock.publication" : "drafts/installed-lock");

/** The files a release serves. */
export const releaseSite = (dir: string, id: string) => join(dir, "releases", id, "site");

/** The live release's content/, as the server reads it at run time (through `current`). */
export const liveContent = (dir: string) => join(deployPaths(dir).current, "content");

/** What a build may put in a release, in all: beyond it, the disk is being filled. */
export const maxReleaseBytes = 2 * 1024 ** 3;

/**
 * Copies the folder `from` (written in the build box, so not trusted) to `to`: folders and
 * regular files only. A symbolic link is left out: it could name the lead database, which the
 * server would then serve as a file of the site.
 */
export function copyBuilt(from: string, to: string, budget: { bytes: number }): void {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    const source = join(from, name);
    const stat = lstatSync(source);
    if (stat.isDirectory()) copyBuilt(source, join(to, name), budget);
    else if (stat.isFile()) {
      budget.bytes -= stat.size;
      if (budget.bytes < 0) {
        throw new Error(`le site construit dépasse ${maxReleaseBytes / 1024 ** 3} Go`);
      }
      copyFileSync(source, join(to, name));
    }
  }
}

/** A regular file's content, or null (missing, or a link or device written to mislead). */
export function readRegularFile(file: string): Buffer | null {
  try {
    return lstatSync(file).isFile() ? readFileSync(file) : null;
  } catch {
    return null;
  }
}

/**
 * One hash over the server's compiled code in `folder` (dist/server/*.mjs, what
 * `npm run build:server` writes), or null when there is none: equal hashes, same server.
 */
export function serverCodeHash(folder: string): string | null {
  let names: string[];
  try {
    names = readdirSync(folder)
      .filter((name) => name.endsWith(".mjs"))
      .sort();
  } catch {
    return null;
  }
  if (names.length === 0) return null;
  const hash = createHash("sha256");
  for (const name of names) hash.update(name).update(readRegularFile(join(folder, name)) ?? "");
  return hash.digest("hex");
}

/** The live release's id, or null before the first deploy. */
export function liveReleaseId(dir: string): string | null {
  try {
    return basename(readlinkSync(deployPaths(dir).current));
  } catch {
    return null;
  }
}

function readInfo(dir: string, id: string): ReleaseInfo | null {
  try {
    return JSON.parse(readFileSync(join(dir, "releases", id, "release.json"), "utf8"));
  } catch {
    return null;
  }
}

/** The complete releases, newest first. */
export function listReleases(dir: string): (ReleaseInfo & { live: boolean })[] {
  const { releases } = deployPaths(dir);
  if (!existsSync(releases)) return [];
  const live = liveReleaseId(dir);
  return readdirSync(releases)
    .sort()
    .reverse()
    .flatMap((id) => {
      const info = readInfo(dir, id);
      return info ? [{ ...info, live: id === live }] : [];
    });
}

/**
 * Copies a finished build (the working copy's public/ and content/, but the content files in
 * `leftOut`, not in force at the instant it was built as of) into a new release, not live yet.
 * Throws when the build is not a folder or is too large.
 */
export function addRelease(
  dir: string,
  work: string,
  info: Omit<ReleaseInfo, "id" | "builtAt">,
  { now = new Date(), leftOut = [] }: { now?: Date; leftOut?: readonly string[] } = {},
): ReleaseInfo {
  const builtAt = now.toISOString();
  // Sorted as text, the ids are in build order (to the millisecond: one deploy at a time).
  const id = `${builtAt.replace(/[-:.]/g, "")}-${info.commit.slice(0, 12)}`;
  const folder = join(dir, "releases", id);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const budget = { bytes: maxReleaseBytes };
  for (const part of ["public", "content"]) {
    if (!lstatSync(join(work, part), { throwIfNoEntry: false })?.isDirectory()) {
      throw new Error(`la construction n'a pas produit de dossier ${part}/`);
    }
  }
  copyBuilt(join(work, "public"), join(folder, "site"), budget);
  copyBuilt(join(work, "content"), join(folder, "content"), budget);
  // Nothing of a version or an entry still to come is kept where it was not published.
  for (const file of leftOut) rmSync(join(folder, file), { force: true });
  const release: ReleaseInfo = { id, ...info, builtAt };
  writeFileSync(join(folder, "release.json"), `${JSON.stringify(release, null, 2)}\n`);
  return release;
}

/** Makes `id` the live release, in one step. */
export function switchTo(dir: string, id: string): void {
  const { current } = deployPaths(dir);
  const next = `${current}.${process.pid}.next`;
  rmSync(next, { force: true });
  symlinkSync(join("releases", id), next);
  renameSync(next, current);
}

/**
 * Removes the oldest releases beyond `keep`, never the live one, and copies cut short. The ones
 * kept still serve their hashed files to pages loaded before a deploy (src/server/http/).
 */
export function pruneReleases(dir: string, keep: number): string[] {
  const { releases } = deployPaths(dir);
  if (!existsSync(releases)) return [];
  const live = liveReleaseId(dir);
  const complete = new Set(listReleases(dir).map((release) => release.id));
  const kept = new Set([...complete].slice(0, keep));
  if (live) kept.add(live);
  const removed = readdirSync(releases).filter((id) => !kept.has(id));
  for (const id of removed) rmSync(join(releases, id), { recursive: true, force: true });
  return removed;
}
