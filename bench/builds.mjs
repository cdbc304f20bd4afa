// @ts-check
// The build times `npm run bench` prints: a cold build, a warm one (Gatsby's cache kept), and
// marketing's edit-to-live on the build side, a rebuild after one figure changed in content/.
// With BENCH_REFERENCE_SITE set to another Gatsby site's folder (installed, e.g.
// gatsbyjs/gatsby-starter-blog), that site is built cold and warm just before ours and warm again
// just after, so both are timed in the same minutes of the same machine.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

const env = { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" };

/**
 * @param {string[]} args
 * @param {string} [cwd] the site's folder, this one by default
 */
function gatsbyIn(args, cwd) {
  execFileSync("npx", ["gatsby", ...args], { cwd, env, stdio: ["ignore", "ignore", "inherit"] });
}
/** @param {string[]} args */
const gatsby = (...args) => gatsbyIn(args);

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
 * @param {string} site the reference site's folder
 * @param {string} label
 */
const referenceBuild = (site, label) => timed(`${site}, ${label}`, () => gatsbyIn(["build"], site));

/** @param {string} site the reference site's folder */
function referenceColdAndWarm(site) {
  gatsbyIn(["clean"], site);
  const cold = referenceBuild(site, "cold build (after gatsby clean)");
  return { site, cold, warm: referenceBuild(site, "warm build") };
}

/**
 * @typedef {{ site: string, cold: number, warm: number, warmAfter: number }} ReferenceTimes
 * @typedef {{ cold: number, warm: number, oneFigure: number, reference?: ReferenceTimes }} BuildTimes
 */

/**
 * Builds cold (after gatsby clean), warm, and after one figure changed, each timed, then once
 * more so that public/ holds the repository's pages; the reference site's builds around them.
 * @param {string | undefined} referenceSite
 * @returns {BuildTimes}
 */
export function timeBuilds(referenceSite = process.env.BENCH_REFERENCE_SITE || undefined) {
  const referenceBefore = referenceSite ? referenceColdAndWarm(referenceSite) : undefined;
  gatsby("clean");
  const cold = timed("Cold build (after gatsby clean)", () => gatsby("build"));
  const warm = timed("Warm build (cache kept)", () => gatsby("build"));
  const oneFigure = timed("Rebuild after one figure changed in content/", oneFigureRebuild);
  const reference = referenceBefore && {
    ...referenceBefore,
    warmAfter: referenceBuild(referenceBefore.site, "warm build again"),
  };
  gatsby("build");
  return { cold, warm, oneFigure, ...(reference && { reference }) };
}

/**
 * `npm run site -- deploy` cold, then a push webhook to the changed figure served, warm
 * (bench/deploys.ts, in a process of its own with tsx's loader).
 * @returns {{ coldSeconds: number, warmSeconds: number, previewSeconds: number, loadedSeconds: number,
 *   coldPeakMB: number, warmPeakMB: number, posts: number, postP95Ms: number, postP95BudgetMs: number }}
 */
export function timeDeploys() {
  const output = execFileSync(process.execPath, ["--import", "tsx", "bench/deploys.ts"], {
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = output.trimEnd().split("\n");
  for (const line of lines.slice(0, -1)) console.log(line);
  return JSON.parse(lines.at(-1) ?? "{}");
}

/**
 * Edit-to-live against the reference site's warm build (the mean of its two): the deploy from
 * the webhook to the changed figure served, at most 1.3 times it, and a draft's from its webhook to
 * its preview served, at most 1.7 times it (docs/admin.md).
 * @param {ReturnType<typeof timeDeploys>} deploys
 * @param {ReferenceTimes | undefined} reference
 * @returns {string[]}
 */
export function deploysComparedWithReference(deploys, reference) {
  const lines = [
    `Edit-to-live on our server: first deploy (cold, with npm ci) ${deploys.coldSeconds.toFixed(1)} s; ` +
      `webhook to the changed figure served (warm) ${deploys.warmSeconds.toFixed(1)} s; a draft's ` +
      `webhook to its preview served (warm) ${deploys.previewSeconds.toFixed(1)} s; the build's peak ` +
      `resident memory ${Math.round(Math.max(deploys.coldPeakMB, deploys.warmPeakMB))} MB; ` +
      `the next one while ${deploys.posts} quote requests were posted ${deploys.loadedSeconds.toFixed(1)} s, ` +
      `their p95 ${deploys.postP95Ms.toFixed(1)} ms (budget < ${deploys.postP95BudgetMs} ms).`,
  ];
  if (reference) {
    const referenceWarm = (reference.warm + reference.warmAfter) / 2;
    lines.push(
      `Warm deploy beside ${reference.site}'s warm build (${referenceWarm.toFixed(1)} s): ` +
        `${(deploys.warmSeconds / referenceWarm).toFixed(2)}× (target ≤ 1.3×); a draft's preview ` +
        `${(deploys.previewSeconds / referenceWarm).toFixed(2)}× (target ≤ 1.7×).`,
    );
  }
  return lines;
}

/**
 * The comparison with the reference site, as the admin's build-time targets put it (docs/admin.md):
 * cold at most 1.7 times the reference's, warm at most 1.3 times, and the rebuild after one
 * figure changed no longer than the reference's warm build (the mean of its two).
 * @param {BuildTimes} times
 * @returns {string[]} its line, none without a reference site
 */
export function comparedWithReference({ cold, warm, oneFigure, reference }) {
  if (!reference) return [];
  const ratio = (/** @type {number} */ ours, /** @type {number} */ theirs) =>
    `${(ours / theirs).toFixed(2)}×`;
  const referenceWarm = (reference.warm + reference.warmAfter) / 2;
  return [
    `Beside ${reference.site} (cold ${reference.cold.toFixed(1)} s, warm ${reference.warm.toFixed(1)} s ` +
      `and ${reference.warmAfter.toFixed(1)} s): cold ${ratio(cold, reference.cold)} (target ≤ 1.7×), ` +
      `warm ${ratio(warm, reference.warm)} (target ≤ 1.3×), one figure changed ` +
      `${Math.abs(oneFigure - referenceWarm).toFixed(1)} s ${oneFigure <= referenceWarm ? "shorter" : "longer"} ` +
      `than its warm build (target: not longer).`,
  ];
}
