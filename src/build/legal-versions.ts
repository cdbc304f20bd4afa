import { parisInstant, parisWallTime } from "../shared/content-model/paris-time";

// The versions of each legal page the build was given (src/build/schedule.ts leaves out those not
// applicable yet): the newest at the page's address, saying since when it applies and linking to
// the one before; each former one readable at an address of its own, « en vigueur du … au … »,
// kept out of search engines and the sitemap (search-engines.ts).

export type LegalVersionNode = { id: string; path: string; applicableFrom?: string | null };

/** What the legal page's template is given, beside its node's id. */
export type LegalVersionContext = {
  id: string;
  /** When this version started to apply (ISO), or null: always. */
  since: string | null;
  /** When the next one replaced it (ISO): set on a former version only. */
  until: string | null;
  /** The version in force's address, from a former version. */
  currentPath: string | null;
  /** The version before's address, if any. */
  formerPath: string | null;
};

/** Where a former version is read: `/mentions-legales/version-2026-03-01-0000`. */
export function formerVersionPath(path: string, since: Date | undefined): string {
  const stamp = since
    ? parisWallTime(since)
        .replace(/[ :]/g, "-")
        .replace(/-(\d\d)$/, "$1")
    : "";
  return `${path}/version-${stamp || "initiale"}`;
}

/** The addresses and contexts of every version of every legal page. */
export function legalVersionPages(
  nodes: readonly LegalVersionNode[],
): { path: string; context: LegalVersionContext }[] {
  const pages = new Map<string, { node: LegalVersionNode; since?: Date }[]>();
  for (const node of nodes) {
    const versions = pages.get(node.path) ?? [];
    versions.push({ node, since: parisInstant(node.applicableFrom ?? undefined) });
    pages.set(node.path, versions);
  }
  return [...pages.entries()].flatMap(([path, versions]) => {
    versions.sort(
      (a, b) =>
        (a.since?.getTime() ?? Number.NEGATIVE_INFINITY) -
        (b.since?.getTime() ?? Number.NEGATIVE_INFINITY),
    );
    const addresses = versions.map((version, index) =>
      index === versions.length - 1 ? path : formerVersionPath(path, version.since),
    );
    return versions.map((version, index) => {
      const current = index === versions.length - 1;
      return {
        path: addresses[index] as string,
        context: {
          id: version.node.id,
          since: version.since?.toISOString() ?? null,
          until: current ? null : (versions[index + 1]?.since?.toISOString() ?? null),
          currentPath: current ? null : path,
          formerPath: index > 0 ? (addresses[index - 1] as string) : null,
        },
      };
    });
  });
}
