// @ts-check
// Builds the two peers `npm run bench` measures `/` beside (bench/peers.mjs), from their public
// repositories' sources, offline but for the npm registry:
//
//   node bench/prepare-peers.mjs <gatsby-starter-blog checkout> <astrowind checkout>
//
// then BENCH_PEER_STARTER=<starter>/public BENCH_PEER_ASTROWIND=<astrowind>/dist npm run bench.
//
// The starter gets the overrides this project needs to install on Node 24 (sharp, msgpackr's
// prebuilt addon, the Gatsby release the site uses). AstroWind's pages name remote images
// (images.unsplash.com, plus.unsplash.com, cdn.pixabay.com) and a shields.io badge: each image
// becomes AstroWind's own default image, the badge goes, so that it builds and loads from
// loopback alone.
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const [starter, astrowind] = process.argv.slice(2);
if (!starter || !astrowind) {
  console.error("usage: node bench/prepare-peers.mjs <gatsby-starter-blog> <astrowind>");
  process.exit(1);
}
const run = (/** @type {string} */ cwd, /** @type {string[]} */ args) =>
  execFileSync("npm", args, {
    cwd,
    stdio: "inherit",
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", ASTRO_TELEMETRY_DISABLED: "1" },
  });

/** @param {string} file @param {(text: string) => string} change */
function rewrite(file, change) {
  const text = readFileSync(file, "utf8");
  const changed = change(text);
  if (changed !== text) writeFileSync(file, changed);
}

const starterPackage = path.join(starter, "package.json");
const manifest = JSON.parse(readFileSync(starterPackage, "utf8"));
manifest.overrides = {
  ...manifest.overrides,
  sharp: "^0.34.5",
  "msgpackr-extract": "3.0.4",
  gatsby: "^5.16.1",
};
manifest.dependencies.gatsby = "^5.16.1";
writeFileSync(starterPackage, `${JSON.stringify(manifest, null, 2)}\n`);
run(starter, ["install"]);
run(starter, ["run", "build"]);

const remoteImage = /https:\/\/[\w.-]*(?:unsplash\.com|pixabay\.com)\/[^'"\s)]+/g;
for (const file of readdirSync(path.join(astrowind, "src"), {
  recursive: true,
  encoding: "utf8",
})) {
  if (!/\.(astro|md|mdx|ts)$/.test(file)) continue;
  rewrite(path.join(astrowind, "src", file), (text) =>
    text
      .replace(remoteImage, "~/assets/images/default.png")
      .replace(/ bg-\[url\(https:\/\/img\.shields\.io[^\]]*\)\]/g, ""),
  );
}
rewrite(path.join(astrowind, "astro.config.ts"), (text) =>
  text.replace(/domains: \[[^\]]*\]/, "domains: []"),
);
run(astrowind, ["install"]);
run(astrowind, ["run", "build"]);
