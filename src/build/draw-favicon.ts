import { mkdirSync } from "node:fs";
import path from "node:path";
import type { GatsbyNode } from "gatsby";
import sharp from "sharp";
import { favicon, markIcons } from "../shared/favicon";

/** A square PNG of `size` px drawn from an SVG: rendered large, then scaled down, for smooth edges. */
async function drawPng(source: string, size: number, href: string): Promise<void> {
  const file = path.join(path.resolve("public"), href);
  mkdirSync(path.dirname(file), { recursive: true });
  await sharp(path.resolve(source), { density: 300 }).resize(size, size).png().toFile(file);
}

/**
 * onPostBootstrap: the site's icons (src/shared/favicon.ts), for `gatsby develop` as well as for
 * builds, since the pages name them in their head.
 */
export const drawFavicon: GatsbyNode["onPostBootstrap"] = async () => {
  await drawPng(favicon.source, favicon.size, favicon.href);
  for (const icon of [markIcons.touch, markIcons.logo]) {
    await drawPng(markIcons.source, icon.size, icon.href);
  }
};
