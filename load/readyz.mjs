// @ts-check
// `npm run bench:readyz`: the production server (`npm run serve`) on the build in public/, on
// loopback only. GET /readyz is public: a flood of it must cost the quote endpoint nothing, since
// it answers the verdict the server found by checking itself (src/server/http/readiness.ts)
// rather than checking once per request. It times 300 valid posts from 10 clients alone, then 300
// more while GET /readyz arrives from 20 more connections for as long as they last (2,000 at
// least, 20,000 at most), and prints both p95s beside the budget; every /readyz must be answered
// 200 with the verdict alone. Exits non-zero when a budget is missed. READYZ_LOAD_PORT (default
// 9092) changes the port.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startProductionServer } from "../e2e/production-server.mjs";
// TypeScript through tsx's loader (`npm run bench:readyz` runs node with --import tsx).
import { personHeadersPool, testChallengeSecret } from "../src/test-utils/anti-bot.ts";
import { percentile, validPosts } from "./quote-posts.mjs";

/** p95 of a post during the flood: at most this share of the p95 without it, plus `slackMs`. */
const budget = { ratio: 1.25, slackMs: 10 };
const posts = 300;
const flood = { least: 2_000, most: 20_000 };
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
// One solved challenge per post, solved before the clock starts: a warm-up and two rounds.
const solved = await personHeadersPool(2 * posts + 50);
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

let failed = false;
try {
  await load({ amount: 50, connections: 10, requests: postRequests }).done;
  const alone = await load({ amount: posts, connections: 10, requests: postRequests }).done;
  const readyz = load({
    amount: flood.most,
    connections: 20,
    requests: [{ method: "GET", path: "/readyz" }],
  });
  const flooded = await load({ amount: posts, connections: 10, requests: postRequests }).done;
  // The posts timed, the flood ends, once its least is answered.
  readyz.stopAfter(flood.least);
  const floodAnswers = await readyz.done;
  const sample = await fetch(`${url}/readyz`).then((answer) => answer.text());
  const allowed = p95(alone.latencies) * budget.ratio + budget.slackMs;
  const notCreated = [...alone.statuses, ...flooded.statuses].filter((s) => s !== 201).length;
  const notReady = floodAnswers.statuses.filter((status) => status !== 200).length;
  const rows = [
    ["p95 of a post, alone", `${p95(alone.latencies).toFixed(1)} ms`, ""],
    [
      `… during ${floodAnswers.statuses.length} GET /readyz`,
      `${p95(flooded.latencies).toFixed(1)} ms`,
      `≤ ${allowed.toFixed(1)} ms (${budget.ratio} × alone + ${budget.slackMs} ms)`,
      p95(flooded.latencies) <= allowed,
    ],
    ["p95 of a GET /readyz in the flood", `${p95(floodAnswers.latencies).toFixed(1)} ms`, ""],
    ["posts not answered 201", String(notCreated + alone.failures + flooded.failures), "= 0"],
    ["GET /readyz not answered 200", String(notReady + floodAnswers.failures), "= 0"],
    ["GET /readyz's body", sample, '{"status":"ready"}', sample === '{"status":"ready"}'],
  ];
  rows[3]?.push(notCreated + alone.failures + flooded.failures === 0);
  rows[4]?.push(notReady + floodAnswers.failures === 0);
  console.log(`\nGET /readyz flooded beside quote posts (loopback)\n`);
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
