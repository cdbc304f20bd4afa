// One Lighthouse run, in a process and a Chromium profile of its own: `node
// bench/lighthouse-run.mjs <url> <report.json>` writes the run's report (the LHR) to the file.
// The benchmark starts one per run, so no run shares a browser cache with another, and no run
// shares its CPUs with the collection of an earlier run's trace (tens of MB that the benchmark
// process would otherwise free while the next page loads).
import { writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const [url, reportFile] = process.argv.slice(2);
if (!url || !reportFile) {
  console.error("usage: node bench/lighthouse-run.mjs <url> <report.json>");
  process.exit(2);
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
  ],
});
try {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
  });
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  writeFileSync(reportFile, JSON.stringify(result.lhr));
} finally {
  await chrome.kill();
}
