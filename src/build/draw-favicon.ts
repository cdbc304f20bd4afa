import { mkdirSync } from "node:fs";
import path from "node:path";
import type { GatsbyNode } from "gatsby";
import sharp from "sharp";
import { favicon } from "../shared/favicon";

/**
 * onPostBootstrap: the tab's icon drawn as a PNG (why: src/shared/favicon.ts), for
 * `gatsby develop` as well as for builds, since the pages link it from their head. Rendered
 * large, then scaled down, for smooth edges.
 */
export const drawFavicon: GatsbyNode["onPostBootstrap"] = async () => {
  const publicDir = path.resolve("public");
  mkdirSync(publicDir, { recursive: true });
  await sharp(path.resolve(favicon.source), { density: 300 })
    .resize(favicon.size, favicon.size)
    .png()
    .toFile(path.join(publicDir, favicon.href));
};
