import {
  cpSync,
  existsSync,
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

// The releases under DEPLOY_DIR: each successful build copied apart from the working copy, into
// releases/<id>/site, with what it was built from in releases/<id>/release.json (written last:
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
}

export function deployPaths(dir: string) {
  return {
    /** The working copy: fetched, installed and built in place, Gatsby's cache kept warm. */
    work: join(dir, "work"),
    releases: join(dir, "releases"),
    current: join(dir, "current"),
    /** What the deployer is doing, for a restart after a crash and for /api/deploy/status. */
    state: join(dir, "state.json"),
    /** Held by the process deploying (the server or `npm run site -- deploy`). */
    lock: join(dir, "deploy.lock"),
  };
}

/** The files a release serves. */
export const releaseSite = (dir: string, id: string) => join(dir, "releases", id, "site");

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

/** Copies a finished build (`publicDir`) into a new release, not live yet. */
export function addRelease(
  dir: string,
  publicDir: string,
  info: Omit<ReleaseInfo, "id" | "builtAt">,
  now = new Date(),
): ReleaseInfo {
  const builtAt = now.toISOString();
  // Sorted as text, the ids are in build order (to the millisecond: one deploy at a time).
  const id = `${builtAt.replace(/[-:.]/g, "")}-${info.commit.slice(0, 12)}`;
  const folder = join(dir, "releases", id);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  cpSync(publicDir, join(folder, "site"), { recursive: true });
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
