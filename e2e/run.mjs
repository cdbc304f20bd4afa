// Browser tests: serve the production build (with its Gatsby Function) and run the suites in
// Debian's Chromium through playwright-core. Screenshots go to test-results/screenshots.
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { run } from "node:test";
import { spec } from "node:test/reporters";
import { serveBuild } from "./gatsby-serve.mjs";
import { startStaticHost } from "./static-host.mjs";

const port = Number(process.env.E2E_PORT ?? 9400);
// The static host with public/_headers, in front of gatsby serve for /api/*.
const hostPort = Number(process.env.E2E_HOST_PORT ?? port + 10);
const quoteFile = path.join(
  mkdtempSync(path.join(tmpdir(), "e2e-quotes-")),
  "quote-requests.jsonl",
);

if (!existsSync("public/index.html")) {
  console.error("No production build in public/: run `npm run build` first.");
  process.exit(1);
}

const { url: baseUrl, stop: stopServer } = await serveBuild({
  port,
  env: { QUOTE_REQUESTS_FILE: quoteFile },
});
const host = await startStaticHost({ root: "public", port: hostPort, apiTarget: baseUrl });
process.env.E2E_BASE_URL = baseUrl;
process.env.E2E_HOST_URL = `http://localhost:${hostPort}`;
process.env.E2E_QUOTE_FILE = quoteFile;

// Every e2e/*.test.mjs, in name order; E2E_FILES=a.test.mjs,b.test.mjs runs only those files.
const files = (
  process.env.E2E_FILES?.split(",") ??
  readdirSync("e2e")
    .filter((file) => file.endsWith(".test.mjs"))
    .sort()
).map((file) => path.join("e2e", file));
let failed = false;
// The timeout is per file: the accessibility suite alone takes about three minutes.
const stream = run({ files, concurrency: 1, timeout: 600_000 });
stream.on("test:fail", () => (failed = true));
stream.compose(spec).pipe(process.stdout);
stream.on("close", () => {
  host.closeAllConnections();
  host.close();
  stopServer();
  process.exitCode = failed ? 1 : 0;
});
