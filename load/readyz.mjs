// @ts-check
// `npm run bench:readyz`: the production server (`npm run serve`) on the build in public/, on
// loopback only. GET /readyz is public: a flood of it must cost the quote endpoint no more than a
// flood of GET /healthz, the constant answer, since it answers the verdict the server found by
// checking itself (src/server/http/readiness.ts) rather than checking once per request. Any flood
// of 20 connections takes event-loop turns from the posts; comparing with /healthz's leaves only
// what /readyz itself costs. It times valid posts from 10 clients while 20 more connections send
// one or the other, in interleaved rounds (/healthz, /readyz, /readyz, /healthz) so that a drift of
// the machine weighs on both alike, and prints both p95s, pooled, beside the budget; every
// /readyz must be answered 200 with the verdict alone. Exits non-zero when a budget is missed.
// READYZ_LOAD_PORT (default 9092) changes the port.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startProductionServer } from "../e2e/production-server.mjs";
// TypeScript through tsx's loader (`npm run bench:readyz` runs node with --import tsx).
import { personHeadersPool, testChallengeSecret } from "../src/test-utils/anti-bot.ts";
import { percentile, validPosts } from "./quote-posts.mjs";

/**
 * Each p95 during /readyz's flood: at most `ratio` times the same p95 during /healthz's, plus
 * `slackMs`. A post's p95 waits on the store's disk too, so it varies more from round to round.
 */
const budget = {
  probe: { ratio: 1.3, slackMs: 3 },
  post: { ratio: 1.5, slackMs: 10 },
};
/** Posts per round; each flood has two rounds, so 300 posts are timed beside each. */
const posts = 150;
const rounds = /** @type {const} */ (["/healthz", "/readyz", "/readyz", "/healthz"]);
/** Each flood lasts as long as its round's posts, then until `least` requests are answered. */
const flood = { least: 1_000, most: 20_000 };
const port = Number(process.env.READYZ_LOAD_PORT ?? 9092);

if (!existsSync("public/index.html")) {
  console.error("No production build in public/: run `npm run build` first.");
  process.exit(1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), "readyz-load-"));
// A fresh backup, as the hourly timer leaves one: the server is then ready.
mkdirSync(path.join(dataDir, "backups"));
writeFileSync(path.join(dataDir, "backups", "leads-2026-11-28T09-00-00Z.sqlite"), "a backup");
const server = await startProductionServer({
  port,
  env: {
    QUOTE_DATABASE_DIR: path.join(dataDir, "leads"),
    BACKUP_DIR: path.join(dataDir, "backups"),
    HOST: "127.0.0.1",
    QUOTE_CHALLENGE_SECRET: testChallengeSecret,
    QUOTE_RATE_LIMIT: "off",
  },
});
// One solved challenge per post, solved before the clock starts: a warm-up and the rounds.
const warmUp = 50;
const solved = await personHeadersPool(rounds.length * posts + warmUp);
const url = `http://127.0.0.1:${port}`;

const { setupRequest: validPost } = validPosts(solved, "readyz");

/**
 * `amount` requests from `connections` clients; each answer's status and latency. `stopAfter`
 * ends it sooner.
 * @param {{ amount: number, connections: number, requests: import("autocannon").Request[] }} options
 */
function load(options) {
  /** @type {number[]} */
  const latencies = [];
  /** @type {number[]} */
  const statuses = [];
  /** @type {import("autocannon").Instance | undefined} */
  let instance;
  let stopAt = Infinity;
  /** @type {Promise<{ statuses: number[], latencies: number[], failures: number }>} */
  const done = new Promise((resolve, reject) => {
    instance = autocannon({ url, timeout: 10, ...options }, (error, result) =>
      error
        ? reject(error)
        : resolve({ statuses, latencies, failures: result.errors + result.timeouts }),
    );
    instance.on("response", (_client, status, _bytes, responseTime) => {
      statuses.push(status);
      latencies.push(responseTime);
      if (statuses.length >= stopAt) instance?.stop();
    });
  });
  /** Ends it once `least` requests are answered (at once if they are). */
  const stopAfter = (/** @type {number} */ least) => {
    stopAt = least;
    if (statuses.length >= least) instance?.stop();
  };
  return { done, stopAfter };
}

/** @param {number[]} values */
const p95 = (values) => percentile(values, 0.95);
/** @type {import("autocannon").Request[]} */
const postRequests = [{ method: "POST", path: "/api/contact", setupRequest: validPost }];

/**
 * One round: `posts` posts while 20 connections send GET `floodPath`.
 * @param {string} floodPath
 */
async function round(floodPath) {
  const floodLoad = load({
    amount: flood.most,
    connections: 20,
    requests: [{ method: "GET", path: floodPath }],
  });
  const timed = await load({ amount: posts, connections: 10, requests: postRequests }).done;
  // The posts timed, the flood ends, once its least is answered.
  floodLoad.stopAfter(flood.least);
  return { posts: timed, flood: await floodLoad.done };
}

/** @typedef {{ statuses: number[], latencies: number[], failures: number }} Answers */
/** @param {Answers[]} all */
const pooled = (all) => ({
  statuses: all.flatMap((answers) => answers.statuses),
  latencies: all.flatMap((answers) => answers.latencies),
  failures: all.reduce((sum, answers) => sum + answers.failures, 0),
});

let failed = false;
try {
  await load({ amount: warmUp, connections: 10, requests: postRequests }).done;
  /** @type {Record<string, { posts: Answers[], flood: Answers[] }>} */
  const byFlood = { "/healthz": { posts: [], flood: [] }, "/readyz": { posts: [], flood: [] } };
  for (const floodPath of rounds) {
    const { posts: timed, flood: answers } = await round(floodPath);
    byFlood[floodPath]?.posts.push(timed);
    byFlood[floodPath]?.flood.push(answers);
  }
  const control = {
    posts: pooled(byFlood["/healthz"]?.posts ?? []),
    flood: pooled(byFlood["/healthz"]?.flood ?? []),
  };
  const readyz = {
    posts: pooled(byFlood["/readyz"]?.posts ?? []),
    flood: pooled(byFlood["/readyz"]?.flood ?? []),
  };
  const sample = await fetch(`${url}/readyz`).then((answer) => answer.text());
  /**
   * A row for one p95: during /healthz's flood, then during /readyz's against its budget.
   * @param {string} what
   * @param {number[]} healthz
   * @param {number[]} readyz
   * @param {{ ratio: number, slackMs: number }} limit
   * @returns {[string, string, string, boolean]}
   */
  const compared = (what, healthz, readyz, limit) => {
    const allowed = p95(healthz) * limit.ratio + limit.slackMs;
    return [
      `p95 of ${what}: /healthz's flood ${p95(healthz).toFixed(1)} ms, /readyz's`,
      `${p95(readyz).toFixed(1)} ms`,
      `≤ ${allowed.toFixed(1)} ms (${limit.ratio} × /healthz's + ${limit.slackMs} ms)`,
      p95(readyz) <= allowed,
    ];
  };
  const allPosts = [control.posts, readyz.posts];
  const notCreated = allPosts.reduce(
    (sum, answers) => sum + answers.failures + answers.statuses.filter((s) => s !== 201).length,
    0,
  );
  const notReady =
    readyz.flood.failures + readyz.flood.statuses.filter((status) => status !== 200).length;
  /** @type {[string, string, string, boolean?][]} */
  const rows = [
    compared("a GET in its flood", control.flood.latencies, readyz.flood.latencies, budget.probe),
    compared("a post beside it", control.posts.latencies, readyz.posts.latencies, budget.post),
    [
      "GETs answered: /healthz, /readyz",
      `${control.flood.statuses.length}, ${readyz.flood.statuses.length}`,
      "",
    ],
    ["posts not answered 201", String(notCreated), "= 0", notCreated === 0],
    ["GET /readyz not answered 200", String(notReady), "= 0", notReady === 0],
    ["GET /readyz's body", sample, '{"status":"ready"}', sample === '{"status":"ready"}'],
  ];
  console.log(
    `\nGET /readyz flooded beside quote posts (loopback; ${posts} posts a round, rounds ${rounds.join(", ")})\n`,
  );
  for (const [measure, value, limit, ok] of rows) {
    console.log(`| ${measure} | ${value} | ${limit} | ${ok === false ? "MISSED" : "ok"} |`);
    if (ok === false) failed = true;
  }
} finally {
  await server.stop();
  if (failed) console.error(server.log());
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(failed ? "\nA budget was missed." : "\nEvery budget met.");
process.exitCode = failed ? 1 : 0;
