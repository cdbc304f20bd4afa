import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { contentKinds } from "../shared/content-model/kinds";
import { parseFrontmatter } from "./frontmatter";
import {
  changesAfter,
  filesOutOfForce,
  type ScheduledFile,
} from "../shared/content-model/schedule";

// The build is made « as of » an instant: SITE_BUILD_AS_OF (an ISO 8601 instant with its zone,
// as the server's scheduled builds and a draft's preview at a date give it), or now. A file not
// in force then is left out of the content sources (gatsby-config.ts), so no page, page data,
// sitemap entry or structured data can show it. Leaving it out of the sources rather than
// filtering nodes keeps Gatsby's cache right: a source's options changed clear it, and a file no
// longer sourced takes its nodes away with it.

const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** The instant the build is made as of; throws, in French, on a value that names none. */
export function buildAsOf(value = process.env.SITE_BUILD_AS_OF): Date {
  if (value === undefined || value.trim() === "") return new Date();
  const instant = new Date(value.trim());
  if (!isoInstant.test(value.trim()) || Number.isNaN(instant.getTime())) {
    throw new Error(
      `SITE_BUILD_AS_OF : attendu un instant ISO 8601 avec son fuseau (par exemple 2026-03-01T00:00:00+01:00 ou 2026-02-28T23:00:00Z), trouvé « ${value} »`,
    );
  }
  return instant;
}

/**
 * The instant a build shows, and for a draft's preview the instant it is shown at, if any:
 * SITE_BUILD_AS_OF, or now; for a preview (SITE_PREVIEW_BRANCH), the first instant to come at
 * which the draft itself changes the site (previewInstant), so that a legal version or a
 * testimonial scheduled in a draft is seen as it will be then. The published branch's own
 * instants to come are given by the server (SITE_PREVIEW_PUBLISHED_CHANGES, its schedule's
 * `upcoming`): a draft that schedules nothing is previewed as of now.
 */
export function siteAsOf(
  siteDir: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): { asOf: Date; previewAt: Date | null } {
  const asOf = buildAsOf(env.SITE_BUILD_AS_OF);
  if (!env.SITE_PREVIEW_BRANCH) return { asOf, previewAt: null };
  const files = readScheduledFiles(path.join(siteDir, "content"));
  const previewAt = previewInstant(files, env.SITE_PREVIEW_PUBLISHED_CHANGES, asOf);
  return { asOf: previewAt ?? asOf, previewAt };
}

/**
 * The first instant after `now` at which a change of the draft's files happens that the published
 * branch does not schedule (`published`: JSON, [{ at, changes }] as the server's schedule keeps
 * it; anything else is read as nothing scheduled).
 */
export function previewInstant(
  files: readonly ScheduledFile[],
  published: string | undefined,
  now: Date,
): Date | null {
  const known = new Set<string>();
  try {
    const upcoming: unknown = JSON.parse(published ?? "[]");
    for (const entry of Array.isArray(upcoming) ? upcoming : []) {
      const { at, changes } = (entry ?? {}) as { at?: unknown; changes?: unknown };
      const time = typeof at === "string" ? new Date(at).getTime() : Number.NaN;
      if (!Array.isArray(changes) || Number.isNaN(time)) continue;
      for (const change of changes) known.add(`${time} ${String(change)}`);
    }
  } catch {
    // Not JSON: nothing is known to be published, every instant of the draft is its own.
  }
  const own = changesAfter(files, now).find(({ at, changes }) =>
    changes.some((change) => !known.has(`${at.getTime()} ${change}`)),
  );
  return own?.at ?? null;
}

/** Every Markdown file of the kinds' folders under `contentDir`, with its frontmatter. */
export function readScheduledFiles(contentDir: string): ScheduledFile[] {
  return Object.keys(contentKinds).flatMap((kind) => {
    let names: string[];
    try {
      names = readdirSync(path.join(contentDir, kind)).filter((name) => name.endsWith(".md"));
    } catch {
      return []; // A missing folder is the content checks' to report.
    }
    return names.sort().flatMap((name) => {
      try {
        const { data } = parseFrontmatter(readFileSync(path.join(contentDir, kind, name), "utf8"));
        return [{ file: `content/${kind}/${name}`, kind, fields: data }];
      } catch {
        return []; // Malformed YAML: the content checks report it, with its file.
      }
    });
  });
}

/** The absolute paths of the content files out of force at `asOf`, which the sources ignore. */
export function ignoredContent(siteDir: string, asOf: Date): string[] {
  return filesOutOfForce(readScheduledFiles(path.join(siteDir, "content")), asOf).map((entry) =>
    path.join(siteDir, entry.file),
  );
}
