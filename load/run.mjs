// @ts-check
// `npm run bench:server`: the production server (`npm run serve`) on the build in public/, under
// a bounded load from this process, on loopback only. It prints, beside their budgets:
// - the server's resident memory after 1,000 mixed requests (pages, a bundle, an unknown path,
//   GET /api/contact, valid posts) and its growth over the next 9,000;
// - the latency of 500 valid posts sent by 10 clients at once (p50, p95, p99), and their errors;
// then posts from 10 clients, sends SIGTERM after a second and checks that no post was answered
// otherwise than 201, that the server exits 0, and that the database holds one lead per post
// answered 201, each of them, and no other. Exits non-zero when a budget is missed.
// LOAD_PORT (default 9090) changes the port.
import { mkdtempSync, readFileSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startProductionServer } from "../e2e/production-server.mjs";
// TypeScript through tsx's loader (`npm run bench:server` runs node with --import tsx).
import { personHeadersPool, testChallengeSecret } from "../src/test-utils/anti-bot.ts";
import { openLeadStore } from "../src/server/leads/open-store.ts";
import { embeddedSettings } from "../src/test-utils/leads.ts";
import { percentile, validPosts } from "./quote-posts.mjs";

const budgets = {
  /** Resident memory may grow this much between the 1,000th and the 10,000th request. */
  memoryGrowthMB: 50,
  /** Resident memory after the posts: V8's heap steps put one build at 147–174 MB (docs/leads.md). */
  residentMB: 180,
  /** 95th percentile of a valid post's answer, 10 clients posting at once. */
  postP95Ms: 100,
};
const port = Number(process.env.LOAD_PORT ?? 9090);
const clients = 10;

if (!existsSync("public/index.html")) {
  console.error("No production build in public/: run `npm run build` first.");
  process.exit(1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), "server-load-"));
const quoteDatabase = path.join(dataDir, "leads");
const server = await startProductionServer({
  port,
  // 127.0.0.1 only: the load never leaves the machine.
  // Every post carries a solved anti-bot challenge, as the form's do; the rate limits are off,
  // as they may be for a load on loopback only.
  env: {
    QUOTE_DATABASE_DIR: quoteDatabase,
    HOST: "127.0.0.1",
    QUOTE_CHALLENGE_SECRET: testChallengeSecret,
    QUOTE_RATE_LIMIT: "off",
  },
});
// One solution per post (each is accepted once), solved before the clock starts: about 2,500
// posts in the mix, 500 timed, and the burst before SIGTERM.
const solved = await personHeadersPool(6000);
const url = `http://127.0.0.1:${port}`;

/** The server's resident memory in MB, as the kernel counts it (VmRSS). */
function residentMB() {
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
  const kB = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]);
  return kB / 1024;
}

const { setupRequest: validPost, made: postsMade } = validPosts(solved, "load");

const bundle = readFileSync("public/index.html", "utf8").match(/\/app-[0-9a-f]{20}\.js/)?.[0];

let unexpected = 0;
/** A request of the mix, and the status it must get: anything else counts as an error. */
/**
 * @param {number} status
 * @param {import("autocannon").Request} request
 * @returns {import("autocannon").Request}
 */
const expecting = (status, request) => ({
  ...request,
  onResponse: (/** @type {number} */ answered) => {
    if (answered !== status) unexpected += 1;
  },
});
/** @param {string} pathName */
const page = (pathName, status = 200) =>
  expecting(status, { method: "GET", path: pathName, headers: { "accept-encoding": "br, gzip" } });
/** @param {string} pathName */
const post = (pathName) =>
  expecting(201, {
    method: "POST",
    path: pathName,
    setupRequest: validPost,
  });
const mixed = [
  page("/"),
  expecting(405, { method: "GET", path: "/api/contact" }),
  post("/api/contact"),
  page("/mentions-legales"),
  page(bundle ?? "/favicon.svg"),
  expecting(405, { method: "GET", path: "/api/contact" }),
  post("/api/contact/"),
  page("/une-page-inconnue", 404),
];

/**
 * Runs `amount` requests from `clients` connections; resolves with the result and each latency.
 * @param {{ amount: number, requests: import("autocannon").Request[] }} options
 * @returns {Promise<{ result: import("autocannon").Result, latencies: number[] }>}
 */
function load(options) {
  /** @type {number[]} */
  const latencies = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, connections: clients, timeout: 10, ...options },
      (error, result) => (error ? reject(error) : resolve({ result, latencies })),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) =>
      latencies.push(responseTime),
    );
  });
}

/** @param {import("autocannon").Result} result */
const failures = ({ errors, timeouts }) => errors + timeouts;

let failed = false;
let stopped = false;
/** @type {string[][]} */
const rows = [];
/**
 * @param {string} measure
 * @param {string} value
 * @param {string} budget
 */
const row = (measure, value, budget, ok = true) => {
  rows.push([measure, value, budget, ok ? "ok" : "MISSED"]);
  if (!ok) failed = true;
};

try {
  const startMB = residentMB();
  const first = await load({ amount: 1000, requests: mixed });
  const afterFirstMB = residentMB();
  const rest = await load({ amount: 9000, requests: mixed });
  const afterAllMB = residentMB();
  const growth = afterAllMB - afterFirstMB;
  const mixedErrors = unexpected + failures(first.result) + failures(rest.result);

  unexpected = 0;
  const posts = await load({ amount: 500, requests: [post("/api/contact")] });
  const afterPostsMB = residentMB();
  const p = (/** @type {number} */ share) => percentile(posts.latencies, share).toFixed(1);
  const postErrors = unexpected + failures(posts.result);

  // SIGTERM in the middle of a burst of posts: every post answered 201 must be on disk, whole,
  // and the server must exit 0 once the posts in flight are answered.
  const acceptedBeforeBurst = postsMade();
  /** @type {string[]} */
  const burstIds = [];
  let burstRefusals = 0;
  let burstCut = 0;
  const poster = async () => {
    for (;;) {
      const request = validPost({ headers: {} });
      let response;
      try {
        response = await fetch(`${url}/api/contact`, {
          method: "POST",
          headers: /** @type {Record<string, string>} */ (request.headers),
          body: /** @type {string} */ (request.body),
        });
      } catch (error) {
        // ECONNREFUSED: the server no longer listens, the end expected. Anything else ("other
        // side closed") is a kept-alive connection closed under a post on its way: the server
        // must let each connection end with an answer that says `Connection: close`.
        const { cause } = /** @type {{ cause?: { code?: string } }} */ (error);
        if (cause?.code !== "ECONNREFUSED") burstCut += 1;
        return;
      }
      const answer = await response.json().catch(() => ({}));
      if (response.status === 201) burstIds.push(answer.id);
      else burstRefusals += 1;
    }
  };
  const posters = Array.from({ length: clients }, poster);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const exitCode = await server.stop();
  await Promise.all(posters);
  stopped = true;

  // The server gone, this process opens the data folder itself, as `npm run leads` would.
  const store = await openLeadStore(embeddedSettings(quoteDatabase));
  const stored = await store.leads.list();
  await store.close();
  const storedIds = new Set(stored.map((lead) => lead.id));
  const accepted = acceptedBeforeBurst + burstIds.length;

  row("resident memory at start", `${startMB.toFixed(1)} MB`, "");
  row("… after the first 1,000 mixed requests", `${afterFirstMB.toFixed(1)} MB`, "");
  row("… after 10,000", `${afterAllMB.toFixed(1)} MB`, "");
  const afterPosts = `${afterPostsMB.toFixed(1)} MB`;
  const withinMemory = afterPostsMB <= budgets.residentMB;
  row("… after 500 posts more", afterPosts, `≤ ${budgets.residentMB} MB`, withinMemory);
  row(
    "growth from 1,000 to 10,000",
    `${growth.toFixed(1)} MB`,
    `≤ ${budgets.memoryGrowthMB} MB`,
    growth <= budgets.memoryGrowthMB,
  );
  row(
    "mixed requests: unexpected answers or errors",
    String(mixedErrors),
    "= 0",
    mixedErrors === 0,
  );
  row(
    "mixed requests per second",
    String(Math.round(10_000 / (first.result.duration + rest.result.duration))),
    "",
  );
  row("500 valid posts, 10 clients: p50", `${p(0.5)} ms`, "");
  row("… p95", `${p(0.95)} ms`, `< ${budgets.postP95Ms} ms`, Number(p(0.95)) < budgets.postP95Ms);
  row("… p99, max", `${p(0.99)} ms, ${p(1)} ms`, "");
  row("… errors (non-2xx, timeouts, failures)", String(postErrors), "= 0", postErrors === 0);
  row("… posts per second", String(Math.round(500 / posts.result.duration)), "");
  row(
    "SIGTERM after 1 s of posts: answered 201, refused",
    `${burstIds.length}, ${burstRefusals}`,
    "refused = 0",
    burstIds.length > 0 && burstRefusals === 0,
  );
  row("… cut on a kept-alive connection", String(burstCut), "= 0", burstCut === 0);
  row(
    "… answered posts missing from the data file",
    String(burstIds.filter((id) => !storedIds.has(id)).length),
    "= 0",
    burstIds.every((id) => storedIds.has(id)),
  );
  row("… server exit code", String(exitCode), "= 0", exitCode === 0);
  row(
    "database: leads / posts answered 201",
    `${stored.length} / ${accepted}`,
    "equal, last line ended",
    stored.length === accepted && storedIds.size === accepted,
  );
} finally {
  if (!stopped) await server.stop();
  if (failed) console.error(server.log());
  rmSync(dataDir, { recursive: true, force: true });
}

const widths = [0, 1, 2, 3].map((column) =>
  Math.max(
    ...[["measure", "value", "budget", "status"], ...rows].map(
      (cells) => (cells[column] ?? "").length,
    ),
  ),
);
const line = (/** @type {string[]} */ cells) =>
  `| ${cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join(" | ")} |`;
console.log(`\nProduction server under load (loopback, ${clients} clients)\n`);
console.log(line(["measure", "value", "budget", "status"]));
console.log(line(widths.map((width) => "-".repeat(width))));
for (const cells of rows) console.log(line(cells));
console.log(failed ? "\nA budget was missed." : "\nEvery budget met.");
process.exitCode = failed ? 1 : 0;
