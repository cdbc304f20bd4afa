// @ts-check
// Our home page beside two peers' in the same `npm run bench` (issue 29): Gatsby's official blog
// starter (gatsbyjs/gatsby-starter-blog) and AstroWind (onwidget/astrowind), each already built
// into a static folder named by an environment variable:
//
//   BENCH_PEER_STARTER    the starter's built site (its public/)
//   BENCH_PEER_ASTROWIND  AstroWind's built site (its dist/)
//
// Neither is set in CI, which never builds the peers: the benchmark then runs without them.
//
// Each folder is served on loopback by bench/static-server.mjs, Brotli-compressed as our own
// files are, and its `/` takes its turn in each round of Lighthouse runs right after ours. The
// figures are read from the reports as ours are (bench/report-figures.mjs) and printed side by
// side with the issue's targets for our page; the targets are printed, never failing the run
// (the budgets in bench/budgets.mjs do that).
import { existsSync } from "node:fs";
import path from "node:path";
import { Parser } from "htmlparser2";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { check } from "./budgets.mjs";
import { figures, medianFigures, scriptsLoaded } from "./report-figures.mjs";
import { startStaticServer } from "./static-server.mjs";

/**
 * @typedef {import("./report-figures.mjs").LighthouseRun} LighthouseRun
 * @typedef {import("./report-figures.mjs").Figures} Figures
 * @typedef {{ name: string, root: string }} Peer
 * @typedef {{ name: string, url: string, runs: LighthouseRun[] }} Measured
 * @typedef {{ label: string, ok: boolean | null }} Target
 */

const kB = 1000;
const starterName = "gatsby-starter-blog";
const astrowindName = "AstroWind";

/**
 * The peers the environment names, each checked to hold a built home page.
 * @param {NodeJS.ProcessEnv} env
 * @returns {Peer[]}
 */
export function peersFromEnv(env) {
  /** @type {[string, string | undefined][]} */
  const named = [
    [starterName, env.BENCH_PEER_STARTER],
    [astrowindName, env.BENCH_PEER_ASTROWIND],
  ];
  return named.flatMap(([name, root]) => {
    if (!root) return [];
    if (!existsSync(path.join(root, "index.html"))) {
      throw new Error(`${name}: no built home page in ${root} (index.html)`);
    }
    return [{ name, root: path.resolve(root) }];
  });
}

/**
 * Serves each peer on a port of its own from `firstPort` on.
 * @param {Peer[]} peers
 * @param {number} firstPort
 */
export async function startPeers(peers, firstPort) {
  return Promise.all(
    peers.map(async (peer, index) => {
      const server = await startStaticServer({ root: peer.root, port: firstPort + index });
      /** @type {LighthouseRun[]} */
      const runs = [];
      return { ...peer, ...server, runs };
    }),
  );
}

/**
 * gatsby-starter-blog's home page judged as each of our pages is (bench/budgets.mjs), to print
 * beside them; undefined when it was not measured.
 * @param {Measured[]} peers
 */
export function starterChecks(peers) {
  const runs = peers.find((peer) => peer.name === starterName)?.runs.map(figures);
  return runs && check(starterName, medianFigures(runs), runs);
}

/** @param {number} bytes */
const shownBytes = (bytes) => `${(bytes / kB).toFixed(1)} kB`;
/** @param {number} ms */
const shownMs = (ms) => `${Math.round(ms)} ms`;
/** @param {number} cls */
const shownCls = (cls) => (cls > 0 && cls < 0.001 ? "< 0.001" : cls.toFixed(3));

/**
 * The JavaScript written inside a page's HTML, uncompressed: Lighthouse counts it in the HTML's
 * bytes, not in the scripts', so a page could move its scripts inline and still meet a script
 * target. JSON data blocks (structured data) are not code and are left out.
 * @param {string} url
 */
async function inlineScriptBytes(url) {
  const html = await (await fetch(url)).text();
  let bytes = 0;
  let inScript = false;
  const parser = new Parser({
    onopentag(name, attributes) {
      const type = attributes.type ?? "";
      inScript = name === "script" && !attributes.src && !/json/i.test(type);
    },
    ontext(text) {
      if (inScript) bytes += Buffer.byteLength(text);
    },
    onclosetag() {
      inScript = false;
    },
  });
  parser.end(html);
  return bytes;
}

/**
 * A page's median figures and what the targets need of its runs.
 * @param {Measured} measured
 */
async function summary({ name, url, runs }) {
  const perRun = runs.map(figures);
  const scores = perRun.map((run) => run.performance);
  return {
    name,
    inlineScriptBytes: await inlineScriptBytes(url),
    median: /** @type {Figures} */ (medianFigures(perRun)),
    performanceRange: [Math.min(...scores), Math.max(...scores)],
    worstCls: Math.max(...perRun.map((run) => run.cls)),
    lcpByRound: perRun.map((run) => run.lcp),
    worst: {
      lcp: Math.max(...perRun.map((run) => run.lcp)),
      lcpAfterFcp: Math.max(...perRun.map((run) => run.lcpAfterFcp)),
      tbt: Math.max(...perRun.map((run) => run.tbt)),
    },
  };
}

/**
 * Ours beside the peers: one row per figure, then the issue's targets for our page, each met or
 * not, or not judged when the peer it speaks of was not measured. Every page's server must
 * still answer: its HTML is read again for the scripts written inside it.
 * @param {Measured} ours
 * @param {Measured[]} peers
 */
export async function sideBySide(ours, peers) {
  const pages = await Promise.all([ours, ...peers].map(summary));
  const [us] = pages;
  if (!us) throw new Error("No runs of our page");
  const peer = (/** @type {string} */ name) => pages.slice(1).find((page) => page.name === name);
  const starter = peer(starterName);
  const astrowind = peer(astrowindName);

  /** @typedef {Awaited<ReturnType<typeof summary>>} Summary */
  /** @type {[string, (page: Summary) => string][]} */
  const rows = [
    ["JavaScript on load, compressed", (page) => shownBytes(page.median.scriptBytes)],
    ["JavaScript inside the HTML, uncompressed", (page) => shownBytes(page.inlineScriptBytes)],
    ["Requests", (page) => String(page.median.requests)],
    ["Largest Contentful Paint", (page) => shownMs(page.median.lcp)],
    ["Everything loaded, compressed", (page) => shownBytes(page.median.totalBytes)],
    ["Cumulative Layout Shift (worst run)", (page) => shownCls(page.worstCls)],
    [
      "Performance (min–max over the runs)",
      (page) => `${page.median.performance} (${page.performanceRange.join("–")})`,
    ],
    ["First Contentful Paint", (page) => shownMs(page.median.fcp)],
    ["Total Blocking Time", (page) => shownMs(page.median.tbt)],
    ["HTML, with its headers", (page) => shownBytes(page.median.documentBytes)],
  ];
  const table = [
    `| median of ${ours.runs.length} runs | ${pages.map((page) => `${page.name} /`).join(" | ")} |`,
    `| --- | ${pages.map(() => "---").join(" | ")} |`,
    ...rows.map(([label, shown]) => `| ${label} | ${pages.map(shown).join(" | ")} |`),
  ];

  /** @type {(other: Summary | undefined, test: (other: Summary) => boolean) => boolean | null} */
  const against = (other, test) => (other ? test(other) : null);
  /** @type {Target[]} */
  const targets = [
    {
      label: `JavaScript ≤ 5 kB (${shownBytes(us.median.scriptBytes)})`,
      ok: us.median.scriptBytes <= 5 * kB,
    },
    {
      label: "JavaScript below AstroWind's",
      ok: against(astrowind, (other) => us.median.scriptBytes < other.median.scriptBytes),
    },
    { label: `Requests ≤ 8 (${us.median.requests})`, ok: us.median.requests <= 8 },
    // Issue 53: the largest paint at the first, and nothing blocking, in every run.
    {
      label: `LCP ≤ 0.75 s in every run (worst ${shownMs(us.worst.lcp)})`,
      ok: us.worst.lcp <= 750,
    },
    {
      label: `LCP within 50 ms of FCP in every run (worst ${shownMs(us.worst.lcpAfterFcp)})`,
      ok: us.worst.lcpAfterFcp <= 50,
    },
    {
      label:
        "LCP ≤ 0.6 × the starter's in every round" +
        (starter
          ? ` (${us.lcpByRound.map((lcp, round) => (lcp / (starter.lcpByRound[round] ?? NaN)).toFixed(2)).join(", ")} ×)`
          : ""),
      ok: against(starter, (other) =>
        us.lcpByRound.every((lcp, round) => lcp <= 0.6 * (other.lcpByRound[round] ?? 0)),
      ),
    },
    { label: `TBT ≤ 5 ms in every run (worst ${shownMs(us.worst.tbt)})`, ok: us.worst.tbt <= 5 },
    {
      label: "LCP below AstroWind's",
      ok: against(astrowind, (other) => us.median.lcp < other.median.lcp),
    },
    {
      label:
        "Everything loaded ≤ 0.7 × the starter's" +
        (starter ? ` (${(us.median.totalBytes / starter.median.totalBytes).toFixed(2)} ×)` : ""),
      ok: against(starter, (other) => us.median.totalBytes <= 0.7 * other.median.totalBytes),
    },
    { label: `CLS 0 in every run (worst ${shownCls(us.worstCls)})`, ok: us.worstCls === 0 },
    {
      label: `Performance 100 in every run (lowest ${us.performanceRange[0]})`,
      ok: us.performanceRange[0] === 100,
    },
  ];
  // Which scripts make our figure, from the representative run (as run.mjs keeps).
  const scripts = scriptsLoaded(computeMedianRun(ours.runs.map((run) => run.lhr)));
  const lines = [
    `## / beside ${peers.map((page) => page.name).join(" and ")}`,
    "",
    "Each served on loopback with Brotli, measured in turn within each round of runs.",
    "",
    ...table,
    "",
    `Our scripts on load: ${scripts.map((script) => `${script.file} ${shownBytes(script.bytes)}`).join(", ") || "none"}.`,
    "",
    "Targets for our page (issues 29 and 53; printed, not enforced: the budgets above enforce).",
    "",
    ...targets.map(
      ({ label, ok }) =>
        `- ${ok === null ? "not judged (peer not measured)" : ok ? "met" : "NOT MET"}: ${label}`,
    ),
  ];
  return { lines, pages, targets };
}
