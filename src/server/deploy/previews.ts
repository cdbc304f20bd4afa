import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { basename, join } from "node:path";
import { isPreviewName } from "./preview-names";
import { copyBuilt, deployPaths, maxReleaseBytes } from "./releases";
import { replaceFile } from "./state";

// The drafts' previews under DEPLOY_DIR/previews/<name>/: what the last push asked for and how
// its build went (preview.json), and the build served (builds/<id>/site, `current` pointing to
// it, replaced in one rename as a publication's release is). Only the holder of the deploy lock
// writes here; the server reads at each request. A removed preview is renamed aside first, then
// deleted: a request finds it whole or not at all.

export interface PreviewInfo {
  name: string;
  branch: string;
  /** When it was last built: beyond DEPLOY_KEEP_PREVIEWS, the oldest go. */
  pushedAt: string;
  state: "building" | "live" | "failed";
  /** The build served, if any. */
  live: { commit: string; builtAt: string } | null;
  /** The last build that failed, until one succeeds. */
  failure: { commit: string | null; at: string; message: string; problems: string[] } | null;
}

const previewsFolder = (dir: string) => deployPaths(dir).previews;

const folderOf = (dir: string, name: string) => {
  // The name comes from a request's host: checked before it is ever part of a path.
  if (!isPreviewName(name)) throw new Error(`not a preview name: ${name}`);
  return join(previewsFolder(dir), name);
};

export function readPreview(dir: string, name: string): PreviewInfo | null {
  if (!isPreviewName(name)) return null;
  try {
    return JSON.parse(readFileSync(join(folderOf(dir, name), "preview.json"), "utf8"));
  } catch {
    return null;
  }
}

export function writePreview(dir: string, info: PreviewInfo): void {
  const folder = folderOf(dir, info.name);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  replaceFile(join(folder, "preview.json"), `${JSON.stringify(info, null, 2)}\n`);
}

/** Every preview, the most recently pushed first. */
export function listPreviews(dir: string): PreviewInfo[] {
  const folder = previewsFolder(dir);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .flatMap((name) => readPreview(dir, name) ?? [])
    .sort((a, b) => b.pushedAt.localeCompare(a.pushedAt));
}

/** The served build's id (its folder under builds/), or null when none was ever served. */
export function previewBuildId(dir: string, name: string): string | null {
  if (!isPreviewName(name)) return null;
  try {
    return basename(readlinkSync(join(folderOf(dir, name), "current")));
  } catch {
    return null;
  }
}

/** The files the preview serves, for its build `id`. */
export const previewSite = (dir: string, name: string, id: string) =>
  join(folderOf(dir, name), "builds", id, "site");

/**
 * Copies a finished build (the working copy's public/) into the preview and serves it, in one
 * step; the build it replaces is removed. Throws when the build is missing or too large.
 */
export function addPreviewBuild(dir: string, name: string, work: string, commit: string): void {
  const folder = folderOf(dir, name);
  const id = `${new Date().toISOString().replace(/[-:.]/g, "")}-${commit.slice(0, 12)}`;
  const builds = join(folder, "builds");
  rmSync(join(builds, id), { recursive: true, force: true });
  copyBuilt(join(work, "public"), join(builds, id, "site"), { bytes: maxReleaseBytes });
  const next = join(folder, `current.${process.pid}.next`);
  rmSync(next, { force: true });
  symlinkSync(join("builds", id), next);
  renameSync(next, join(folder, "current"));
  for (const other of readdirSync(builds)) {
    if (other !== id) rmSync(join(builds, other), { recursive: true, force: true });
  }
}

/** Removes a preview and its files. */
export function removePreview(dir: string, name: string): void {
  const folder = folderOf(dir, name);
  if (!existsSync(folder)) return;
  const aside = join(previewsFolder(dir), `.removed-${name}-${process.pid}`);
  rmSync(aside, { recursive: true, force: true });
  renameSync(folder, aside);
  rmSync(aside, { recursive: true, force: true });
}

/** The previews beyond the `keep` most recently pushed: those to remove. */
export const previewsBeyond = (dir: string, keep: number): PreviewInfo[] =>
  listPreviews(dir).slice(keep);
