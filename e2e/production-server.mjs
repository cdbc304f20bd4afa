// @ts-check
// The production server (`npm run serve`: dist/server/serve.mjs, compiled by the build) on the
// build in public/, started in a process of its own for a test run or a load run, and stopped
// with SIGTERM, as a container runtime or systemd stops it.
import { spawn } from "node:child_process";
import { once } from "node:events";

/** How long the server may take to open its store and listen. */
const startTimeoutMs = 30_000;

/**
 * Starts the server on `port` (HOST `localhost`, unless `env` says otherwise) and resolves once it
 * listens. `stop()` sends SIGTERM and resolves with the exit code; `pid` and `log()` are there
 * for the callers that watch it.
 *
 * Ready is the server's own log line, which names its pid: another process already on the port
 * would answer an HTTP probe in its place (an earlier run left behind, with another build and
 * another database), while this server, unable to listen, exits, and the start fails with why.
 */
/** @param {{ port: number, env?: Record<string, string> }} options */
export async function startProductionServer({ port, env = {} }) {
  const url = `http://localhost:${port}`;
  // node itself, not `npm run serve`: signals reach the server, not npm.
  const server = spawn(process.execPath, ["--enable-source-maps", "dist/server/serve.mjs"], {
    // At info level at least: its ready line is an info line.
    env: { ...process.env, PORT: String(port), HOST: "localhost", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  /** @type {() => void} */
  let listening = () => {};
  const ready = new Promise((resolve) => (listening = () => resolve(true)));
  const readyLine = `:${port} (pid ${server.pid})`;
  server.stdout.on("data", (chunk) => {
    log += chunk;
    if (log.includes(readyLine)) listening();
  });
  server.stderr.on("data", (chunk) => (log += chunk));
  const exited = once(server, "exit").then(([code]) => code);
  const kill = () => server.exitCode === null && server.kill("SIGTERM");
  process.on("exit", kill);
  const stop = async () => {
    kill();
    return exited;
  };

  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const outcome = await Promise.race([
    ready,
    exited.then(() => false),
    new Promise((resolve) => (timer = setTimeout(() => resolve(false), startTimeoutMs))),
  ]);
  clearTimeout(timer);
  if (outcome) return { url, pid: server.pid, stop, log: () => log };
  await stop();
  throw new Error(`The production server did not start on ${url}:\n${log}`);
}
