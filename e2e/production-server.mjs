// @ts-check
// The production server (`npm run serve`: src/server/http/serve.ts) on the build in public/,
// started in a process of its own for a test run or a load run, and stopped with SIGTERM, as a
// container runtime or systemd stops it.
import { spawn } from "node:child_process";
import { once } from "node:events";

/**
 * Starts the server on `port` (HOST `localhost`, unless `env` says otherwise) and resolves once it
 * answers. `stop()` sends SIGTERM and resolves with the exit code; `pid` and `log()` are there
 * for the callers that watch it.
 */
/** @param {{ port: number, env?: Record<string, string> }} options */
export async function startProductionServer({ port, env = {} }) {
  const url = `http://localhost:${port}`;
  // node with tsx's loader, not `npm run serve`: signals reach the server itself, not npm.
  const server = spawn(process.execPath, ["--import", "tsx", "src/server/http/serve.ts"], {
    env: { ...process.env, PORT: String(port), HOST: "localhost", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  server.stdout.on("data", (chunk) => (log += chunk));
  server.stderr.on("data", (chunk) => (log += chunk));
  const exited = once(server, "exit").then(([code]) => code);
  const kill = () => server.exitCode === null && server.kill("SIGTERM");
  process.on("exit", kill);
  const stop = async () => {
    kill();
    return exited;
  };

  for (let attempt = 0; attempt < 120; attempt += 1) {
    if (server.exitCode !== null) break;
    try {
      if ((await fetch(url)).ok) return { url, pid: server.pid, stop, log: () => log };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`The production server did not answer on ${url}:\n${log}`);
}
