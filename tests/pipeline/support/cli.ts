import { execFile } from "node:child_process";
import { join } from "node:path";
import { nodeArgs } from "../../../src/test-utils/compiled-server";

// Runs `npm run leads -- …` as people do, but with node directly: npm's own start-up would
// double each call's time. Asynchronous, so the SMTP listener and the webhook receiver living in
// the test process can answer the command meanwhile.

const root = join(__dirname, "..", "..", "..");

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function leads(
  args: string[],
  env: Record<string, string | undefined>,
  cwd: string = root,
): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      nodeArgs("leads", ...args),
      {
        cwd,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, TZ: "UTC", ...env },
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
