// @ts-check
// The build times `npm run bench` prints: a cold build, a warm one (Gatsby's cache kept), and
// marketing's edit-to-live on the build side, a rebuild after one figure changed in content/.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

const env = { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" };

/** @param {string[]} args */
function gatsby(...args) {
  execFileSync("npx", ["gatsby", ...args], { env, stdio: ["ignore", "ignore", "inherit"] });
}

/**
 * @param {string} label
 * @param {() => void} action
 */
function timed(label, action) {
  process.stdout.write(`${label}… `);
  const start = performance.now();
  action();
  const seconds = (performance.now() - start) / 1000;
  console.log(`${seconds.toFixed(1)} s`);
  return seconds;
}

/**
 * Marketing's edit-to-live, build side: one figure changed in content/ (as a save in the admin
 * would), then a build with Gatsby's cache kept. The file is restored and built again after,
 * so that the pages measured below are the repository's.
 */
function oneFigureRebuild() {
  const file = "content/figures/figures.md";
  const original = readFileSync(file, "utf8");
  const changed = original.replace(
    /^casesPerMonth: (\d+)$/m,
    (_line, value) => `casesPerMonth: ${Number(value) + 1}`,
  );
  if (changed === original) throw new Error(`${file}: no casesPerMonth to change`);
  writeFileSync(file, changed);
  try {
    gatsby("build");
  } finally {
    writeFileSync(file, original);
  }
}

/**
 * Builds cold (after gatsby clean), warm, and after one figure changed, each timed, then once
 * more so that public/ holds the repository's pages.
 * @returns {{ cold: number, warm: number, oneFigure: number }}
 */
export function timeBuilds() {
  gatsby("clean");
  const cold = timed("Cold build (after gatsby clean)", () => gatsby("build"));
  const warm = timed("Warm build (cache kept)", () => gatsby("build"));
  const oneFigure = timed("Rebuild after one figure changed in content/", oneFigureRebuild);
  gatsby("build");
  return { cold, warm, oneFigure };
}
