// @ts-check
// Browser tests: serve the production build with the production server (`npm run serve`: the
// site under its own _headers, and the quote endpoint) and run the suites in Debian's Chromium
// through playwright-core. Screenshots go to test-results/screenshots.
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { run } from "node:test";
import { spec } from "node:test/reporters";
import { chromium } from "playwright-core";
import { launchOptions } from "./browser.mjs";
import { startProductionServer } from "./production-server.mjs";

const port = Number(process.env.E2E_PORT ?? 9400);
// The admin's GitHub sign-in talks to a stand-in on loopback (e2e/github-stand-in.mjs), started by
// e2e/admin-sign-in.test.mjs on this port: build with CMS_REPO=acme/site and the same
// CMS_GITHUB_URL, so that the admin calls its API too.
const gitHubPort = Number(process.env.E2E_GITHUB_PORT ?? 9401);
process.env.E2E_GITHUB_URL = `http://127.0.0.1:${gitHubPort}`;
const quoteDatabase = path.join(mkdtempSync(path.join(tmpdir(), "e2e-quotes-")), "leads");

if (!existsSync("public/index.html")) {
  console.error("No production build in public/: run `npm run build` first.");
  process.exit(1);
}

// `localhost`, not 127.0.0.1: the admin uses its local backend only on localhost.
// The anti-bot defences stay on: every real-form test solves its challenge. The rate limits are
// raised, not removed, because the suites send more requests from one address and one email in a
// few minutes than a person would; tests/pipeline/spam-endpoint.test.ts tests the real limits.
const server = await startProductionServer({
  port,
  env: {
    QUOTE_DATABASE_DIR: quoteDatabase,
    QUOTE_RATE_LIMIT: "address=200/10m,email=100/1d",
    CMS_GITHUB_URL: process.env.E2E_GITHUB_URL,
    CMS_GITHUB_CLIENT_ID: "Iv1.e2e-client",
    CMS_GITHUB_CLIENT_SECRET: "e2e-client-secret",
  },
});
// One Chromium for every file (e2e/browser.mjs connects to it); each test has its own context.
const browserServer = await chromium.launchServer(launchOptions);
process.env.E2E_BROWSER_WS = browserServer.wsEndpoint();
process.env.E2E_BASE_URL = server.url;
process.env.E2E_QUOTE_DB = quoteDatabase;

// Every e2e/*.test.mjs, in name order; E2E_FILES=a.test.mjs,b.test.mjs runs only those files.
const files = (
  process.env.E2E_FILES?.split(",") ??
  readdirSync("e2e")
    .filter((file) => file.endsWith(".test.mjs"))
    .sort()
).map((file) => path.join("e2e", file));
let failed = false;
// Two files at a time by default: the browser tests mostly wait (throttled loads, the network,
// the clock), so a second file fills the time one leaves idle, even on two cores beside the other
// suites: two at a time, the step takes about a third less. Each suite reads only the leads sent
// with its own address (e2e/stored-leads.mjs), so files do not see each other's. The timeout is
// per file.
const concurrency = Number(process.env.E2E_CONCURRENCY ?? 2);
const stream = run({ files, concurrency, timeout: 600_000 });
stream.on("test:fail", () => (failed = true));
stream.compose(/** @type {any} */ (spec)).pipe(process.stdout);
stream.on("close", async () => {
  await browserServer.close();
  const code = await server.stop();
  // A server that could not stop cleanly on SIGTERM fails the run too.
  if (code !== 0) console.error(`The production server exited with ${code}:\n${server.log()}`);
  process.exitCode = failed || code !== 0 ? 1 : 0;
});
