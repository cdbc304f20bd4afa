import { readFileSync } from "node:fs";
import path from "node:path";
import { filesUnder } from "../../build/public-files";
import { listReleases, liveReleaseId, releaseSite } from "../deploy/releases";
import { headerLookup, parseHeadersFile } from "./host-headers";

// Which built site the server answers from. Without deploys, public/ as `npm run build` left it,
// read once at start. With deploys (src/server/deploy/), the live release, looked up at each
// request: a switch (a deploy, `npm run site -- rollback`, from any process) takes effect at the
// next request, and each request is answered from one release, its headers included.

export interface SiteFiles {
  root: string;
  /** Every file served, as `/`-separated paths relative to root. */
  files: ReadonlySet<string>;
  /** The headers its _headers gives a path. */
  hostHeaders: ReturnType<typeof headerLookup>;
  /** The site's pages: the paths _headers names, without wildcards. */
  routes: ReadonlySet<string>;
}

export interface SiteSource {
  current(): SiteFiles;
  /**
   * An older release that still has `file`, for a page loaded before a deploy that asks for a
   * script or style of its own release (hashed names, absent from the new one).
   */
  olderWith(file: string): SiteFiles | undefined;
}

/** Files the build writes for other hosts or for this server's negotiation, never served as such. */
const notServed = (file: string) =>
  file === "_headers" || file === "nginx-headers.conf" || /\.(br|gz)$/.test(file);

export function loadSiteFiles(dir: string): SiteFiles {
  const root = path.resolve(dir);
  const files = new Set(filesUnder(root).filter((file) => !notServed(file)));
  if (!files.has("index.html") || !files.has("404.html")) {
    throw new Error(`${root} holds no built site: run \`npm run build\` first.`);
  }
  const rules = parseHeadersFile(readFileSync(path.join(root, "_headers"), "utf8"));
  return {
    root,
    files,
    hostHeaders: headerLookup(rules),
    routes: new Set(rules.map((rule) => rule.path).filter((rulePath) => !rulePath.includes("*"))),
  };
}

export function fixedSite(publicDir: string): SiteSource {
  const site = loadSiteFiles(publicDir);
  return { current: () => site, olderWith: () => undefined };
}

/** Only a release's own pages and data answer for it; older releases lend static assets only. */
const lendable = (file: string) => !/\.(html|json|xml|txt|webmanifest)$/.test(file);

/**
 * The live release under `deployDir`; `publicDir` until the first deploy (a site built by hand
 * before deploys were turned on). Throws at start when neither holds a site.
 */
export function releasedSite(deployDir: string, publicDir: string): SiteSource {
  const loaded = new Map<string, SiteFiles>();
  const release = (id: string) => {
    let site = loaded.get(id);
    if (!site) {
      site = loadSiteFiles(releaseSite(deployDir, id));
      loaded.set(id, site);
    }
    return site;
  };
  let beforeFirstDeploy: SiteFiles | undefined;
  const source: SiteSource = {
    current() {
      const live = liveReleaseId(deployDir);
      if (live) return release(live);
      beforeFirstDeploy ??= loadSiteFiles(publicDir);
      return beforeFirstDeploy;
    },
    olderWith(file) {
      if (!lendable(file)) return undefined;
      const releases = listReleases(deployDir);
      const kept = releases.filter((info) => !info.live);
      // Releases pruned since are forgotten.
      for (const id of loaded.keys()) {
        if (!releases.some((info) => info.id === id)) loaded.delete(id);
      }
      for (const info of kept) {
        const site = release(info.id);
        if (site.files.has(file)) return site;
      }
      return undefined;
    },
  };
  source.current();
  return source;
}
