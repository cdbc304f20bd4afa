// Browser tests: serve the production build (with its Gatsby Function) and run the suites in
// Debian's Chromium through playwright-core. Screenshots go to test-results/screenshots.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { run } from "node:test";
import { spec } from "node:test/reporters";

const port = Number(process.env.E2E_PORT ?? 9400);
const baseUrl = `http://localhost:${port}`;
const quoteFile = path.join(
  mkdtempSync(path.join(tmpdir(), "e2e-quotes-")),
  "quote-requests.jsonl",
);

if (!existsSync("public/index.html")) {
  console.error("No production build in public/: run `npm run build` first.");
  process.exit(1);
}

const server = spawn("npx", ["gatsby", "serve", "--port", String(port)], {
  env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", QUOTE_REQUESTS_FILE: quoteFile },
  stdio: ["ignore", "pipe", "pipe"],
  detached: true,
});
let serverLog = "";
server.stdout.on("data", (chunk) => (serverLog += chunk));
server.stderr.on("data", (chunk) => (serverLog += chunk));

async function waitForServer() {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      const response = await fetch(baseUrl);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`gatsby serve did not answer on ${baseUrl}:\n${serverLog}`);
}

const stopServer = () => {
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    // already stopped
  }
};
process.on("exit", stopServer);

await waitForServer();
process.env.E2E_BASE_URL = baseUrl;
process.env.E2E_QUOTE_FILE = quoteFile;

const files = ["site.test.mjs", "quote-form.test.mjs", "admin.test.mjs"].map((file) =>
  path.join("e2e", file),
);
let failed = false;
const stream = run({ files, concurrency: 1, timeout: 180_000 });
stream.on("test:fail", () => (failed = true));
stream.compose(spec).pipe(process.stdout);
stream.on("close", () => {
  stopServer();
  process.exitCode = failed ? 1 : 0;
});
