import { spawn } from "node:child_process";
import { oneLine } from "../one-line";

// How a deploy runs a program: no shell (the only value from a webhook among the arguments is a
// commit id of forty hex digits), its own process group, and killed with everything it started
// when the deploy is stopped (the server's SIGTERM, DEPLOY_TIMEOUT_MINUTES) or when the server
// itself dies: git under `setpriv --pdeathsig KILL`, the build box under bwrap's
// --die-with-parent. A server killed with SIGKILL leaves nothing running in the working copy.

/** Why a deploy did not go live, in French, with the content check's own lines when it is that. */
export class DeployFailure extends Error {
  constructor(
    message: string,
    /** The content check's problems (file, field, reason), one a line; empty for other failures. */
    readonly contentProblems: string[],
    /** The last lines of the failed command's output. */
    readonly outputTail: string[],
  ) {
    super(message);
    this.name = "DeployFailure";
  }
}

/**
 * What stopped a deploy or a preview, as a DeployFailure: its time limit (DEPLOY_TIMEOUT_MINUTES)
 * when `timedOut`, a failure as `run` reports it, or anything else in one line.
 */
export function asDeployFailure(error: unknown, timedOut: boolean, timeoutMs: number) {
  if (timedOut) {
    return new DeployFailure(
      `la construction a dépassé ${Math.round(timeoutMs / 60_000)} minute(s) (DEPLOY_TIMEOUT_MINUTES) : elle a été arrêtée`,
      [],
      [],
    );
  }
  return error instanceof DeployFailure ? error : new DeployFailure(oneLine(error), [], []);
}

const tailLines = 40;

export interface RunOptions {
  cwd: string;
  env: Record<string, string>;
  /** Below the server's priority (nice(1)): the build yields the CPU to visitors' requests. */
  lowPriority?: boolean;
  signal: AbortSignal;
  /** What the failure message calls the command (the box's arguments are not for its reader). */
  shownAs?: string;
}

/** Runs a program to its end; resolves to its output, rejects with its last lines. */
export function run(command: string, args: string[], options: RunOptions): Promise<string> {
  const [program, programArgs] = options.lowPriority
    ? ["nice", ["-n", "10", command, ...args]]
    : [command, args];
  return new Promise((resolve, reject) => {
    // Stopped between two steps: the next one does not start.
    if (options.signal.aborted) return reject(options.signal.reason);
    const child = spawn(program, programArgs, {
      cwd: options.cwd,
      env: options.env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let output = "";
    const append = (chunk: Buffer) => {
      output += chunk.toString();
      // Bounded: a build prints thousands of lines, and only the end tells what failed.
      if (output.length > 1_000_000) output = output.slice(-500_000);
    };
    child.stdout.on("data", append);
    child.stderr.on("data", append);
    // Nothing of a stopped step is worth keeping: the whole group goes at once.
    const stop = () => {
      if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, "SIGKILL");
    };
    options.signal.addEventListener("abort", stop, { once: true });
    child.once("error", reject);
    child.once("close", (code, signal) => {
      options.signal.removeEventListener("abort", stop);
      if (options.signal.aborted) return reject(options.signal.reason);
      if (code === 0) return resolve(output);
      const lines = output.trimEnd().split("\n");
      reject(
        new DeployFailure(
          `« ${options.shownAs ?? [command, ...args].join(" ")} » a échoué (${signal ?? `code ${code}`})`,
          contentProblems(lines),
          lines.slice(-tailLines),
        ),
      );
    });
  });
}

/**
 * The items of src/build/content-checks.ts's report, one a string: Gatsby wraps its error
 * messages at 80 columns, so an item runs on until the next « - » or the blank line after the list.
 */
export function contentProblems(lines: readonly string[]): string[] {
  // eslint-disable-next-line no-control-regex -- the terminal's colour codes are what is removed
  const plain = lines.map((line) => line.replace(/\u001b\[[0-9;]*[A-Za-z]/g, ""));
  const start = plain.findIndex((line) =>
    line.includes("Le contenu de content/ comporte des erreurs"),
  );
  if (start === -1) return [];
  const problems: string[] = [];
  for (const line of plain.slice(start + 1)) {
    if (line.trim() === "") break;
    const item = /^\s*-\s+(.*)$/.exec(line);
    if (item) problems.push(item[1]!.trim());
    else if (problems.length > 0) problems[problems.length - 1] += ` ${line.trim()}`;
    else break;
  }
  return problems;
}
