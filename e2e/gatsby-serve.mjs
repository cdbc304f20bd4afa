// `gatsby serve` of the production build in public/ (its Gatsby Function included, answers
// compressed with gzip), started for a test run or the benchmark and stopped when it ends.
import { spawn } from "node:child_process";

/** Starts the server on `port`, resolves once it answers; `stop` ends it (and runs on exit). */
export async function serveBuild({ port, env = {} }) {
  const url = `http://localhost:${port}`;
  const server = spawn("npx", ["gatsby", "serve", "--port", String(port)], {
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let log = "";
  server.stdout.on("data", (chunk) => (log += chunk));
  server.stderr.on("data", (chunk) => (log += chunk));
  const stop = () => {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      // already stopped
    }
  };
  process.on("exit", stop);

  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  stop();
  throw new Error(`gatsby serve did not answer on ${url}:\n${log}`);
}
