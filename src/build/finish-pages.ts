import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { GatsbyNode } from "gatsby";
import { cmsConnectOrigins } from "../cms/settings";
import { siteUrl } from "../shared/site-url";
import { buildAdmin } from "./admin-bundle";
import { filesUnder } from "./public-files";
import { precompressBuild } from "./precompress";
import { robotsTxt } from "./search-engines";
import { writeHostHeaders } from "./security-headers";

/**
 * React 18's streaming server renderer, which Gatsby uses for every page, sometimes leaves a NUL
 * byte where a multi-byte character (an "é") did not fit at the end of its write buffer: the
 * unused byte is written out with the rest. Browsers drop it from text, but it makes the file
 * binary to tools, and inside an inline script it would change the script's hash. Fixed in
 * React 19. No valid HTML contains a NUL byte.
 */
export function withoutNullBytes(html: string): string {
  return html.replaceAll("\u0000", "");
}

/**
 * Every HTML page under `publicDir` without NUL bytes; returns the pages it changed.
 */
export function finishBuiltPages(publicDir: string): string[] {
  const changed: string[] = [];
  for (const file of filesUnder(publicDir).filter((name) => name.endsWith(".html"))) {
    const html = readFileSync(path.join(publicDir, file), "utf8");
    const finished = withoutNullBytes(html);
    if (finished !== html) {
      writeFileSync(path.join(publicDir, file), finished);
      changed.push(file);
    }
  }
  return changed;
}

/**
 * onPostBuild: the built pages finished first, since the host headers hold the hash of every
 * inline script as served; the admin built on its own (admin-bundle.ts); then robots.txt, naming
 * the sitemap at SITE_URL (a draft's preview shuts crawlers out instead), and the host headers
 * (security-headers.ts); last, the Brotli and gzip copies the production server sends
 * (precompress.ts), made from the files as finished.
 */
export const finishBuild: GatsbyNode["onPostBuild"] = async ({ reporter }) => {
  const publicDir = path.resolve("public");
  const finished = finishBuiltPages(publicDir);
  reporter.info(`Pages finished (NUL bytes): ${finished.length}`);
  const adminStarted = Date.now();
  const cms = await buildAdmin(publicDir, process.env);
  if (cms.warning) reporter.warn(cms.warning);
  reporter.info(`public/admin/ (${cms.backend.name}) built in ${Date.now() - adminStarted} ms`);
  // A draft's preview is built with its branch name; the published site, without.
  const preview = Boolean(process.env.SITE_PREVIEW_BRANCH);
  writeFileSync(
    path.join(publicDir, "robots.txt"),
    robotsTxt(siteUrl(process.env.SITE_URL), preview),
  );
  const rules = writeHostHeaders(
    publicDir,
    process.env.GATSBY_API_URL,
    cmsConnectOrigins(cms),
    preview,
  );
  reporter.info(`public/_headers and public/nginx-headers.conf: ${rules.length} rules`);
  return precompressBuild(publicDir, reporter);
};
