import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { deployPaths } from "./releases";

/** A publication (the published branch) or a draft's preview. */
export type BuildKind = "publication" | "preview";

/**
 * Gatsby's caches (.cache/, public/) of each kind of build, kept apart: the one not building waits
 * in DEPLOY_DIR/parked/<kind>/, out of the box's sight. A draft's files (an image it added, a page
 * it made) then never reach a publication's public/, hence never a release, and each kind stays
 * warm from one of its builds to the next. `lineage` says whose caches the working copy holds;
 * "none" while they are being moved: the next build starts cold rather than from a mixture.
 */
export function switchCachesTo(dir: string, work: string, kind: BuildKind): void {
  const { lineage, parked } = deployPaths(dir);
  let holder: string;
  try {
    holder = readFileSync(lineage, "utf8");
  } catch {
    holder = "publication"; // A working copy from before kinds were kept apart.
  }
  if (holder === kind) return;
  writeFileSync(lineage, "none");
  for (const folder of [".cache", "public"]) {
    const inWork = join(work, folder);
    if (holder === "none") {
      rmSync(inWork, { recursive: true, force: true });
    } else if (existsSync(inWork)) {
      const aside = join(parked, holder, folder);
      mkdirSync(dirname(aside), { recursive: true, mode: 0o700 });
      rmSync(aside, { recursive: true, force: true });
      renameSync(inWork, aside);
    }
    const kept = join(parked, kind, folder);
    if (existsSync(kept)) renameSync(kept, inWork);
  }
  writeFileSync(lineage, kind);
}
