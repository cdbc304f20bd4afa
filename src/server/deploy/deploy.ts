import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { addRelease, deployPaths, pruneReleases, switchTo, type ReleaseInfo } from "./releases";
import type { DeploySettings } from "./settings";

// One deploy: the commit fetched into the working copy, `npm ci --omit=dev` when a lock file
// changed, the production build (CONTENT_STRICT=1) at a lower CPU priority than the server, then a
// release of its own, switched live in one step. Every command is a program and its arguments (no
// shell), and the only value from a webhook among them is a commit id of forty hex digits.

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

const tailLines = 40;

interface RunOptions {
  cwd: string;
  env: Record<string, string>;
  /** Below the server's priority (nice(1)): the build yields the CPU to visitors' requests. */
  lowPriority?: boolean;
  signal?: AbortSignal;
}

/** Runs a program to its end; resolves to its output, rejects with its last lines. */
function run(command: string, args: string[], options: RunOptions): Promise<string> {
  const [program, programArgs] = options.lowPriority
    ? ["nice", ["-n", "10", command, ...args]]
    : [command, args];
  return new Promise((resolve, reject) => {
    // Stopped between two steps: the next one does not start.
    if (options.signal?.aborted) return reject(options.signal.reason);
    // Its own process group, so that stopping it stops what it started (Gatsby's workers).
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
    const stop = () => {
      if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
    };
    options.signal?.addEventListener("abort", stop, { once: true });
    child.once("error", reject);
    child.once("close", (code, signal) => {
      options.signal?.removeEventListener("abort", stop);
      if (code === 0) return resolve(output);
      const lines = output.trimEnd().split("\n");
      reject(
        new DeployFailure(
          `« ${[command, ...args].join(" ")} » a échoué (${signal ?? `code ${code}`})`,
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

/** One hash over the files, in order. */
const sha256 = (...files: string[]) => {
  const hash = createHash("sha256");
  for (const file of files) hash.update(readFileSync(file));
  return hash.digest("hex");
};

export interface DeployResult {
  release: ReleaseInfo;
  /** The lock files' hash once installed (the site's and Decap's, decap/): the next deploy skips `npm ci` while it is the same. */
  lockHash: string;
}

/**
 * Deploys `commit` (forty hex digits), or the branch's newest commit when null. Rejects with a
 * DeployFailure, leaving the live release as it was.
 */
export async function deployCommit(
  settings: DeploySettings,
  commit: string | null,
  installed: { lockHash: string | null },
  signal?: AbortSignal,
): Promise<DeployResult> {
  if (commit !== null && !/^[0-9a-f]{40}$/.test(commit)) {
    throw new DeployFailure(`« ${commit} » n'est pas un identifiant de commit`, [], []);
  }
  const { work } = deployPaths(settings.dir);
  const git = (...args: string[]) =>
    run("git", args, { cwd: work, env: settings.buildEnv, signal });
  mkdirSync(work, { recursive: true });
  if (!existsSync(join(work, ".git"))) {
    await git("init", "--quiet");
    await git("remote", "add", "origin", settings.gitUrl);
  } else {
    await git("remote", "set-url", "origin", settings.gitUrl);
  }
  const tracking = `refs/remotes/origin/${settings.branch}`;
  await git(
    "fetch",
    "--no-tags",
    "--quiet",
    "origin",
    `+refs/heads/${settings.branch}:${tracking}`,
  );
  const target = commit ?? (await git("rev-parse", `${tracking}^{commit}`)).trim();
  // Only what the branch holds: a commit pushed elsewhere, or not pushed at all, is not deployed.
  await git("merge-base", "--is-ancestor", target, tracking).catch(() => {
    throw new DeployFailure(
      `le commit ${target} n'est pas sur la branche ${settings.branch} de ${settings.gitUrl}`,
      [],
      [],
    );
  });
  await git("checkout", "--quiet", "--force", "--detach", target);
  // Whatever a failed build left, but the caches that keep the next build warm.
  await git("clean", "-ffdxq", "-e", "node_modules", "-e", ".cache", "-e", "public");
  const [name = "", email = "", committedAt = "", message = ""] = (
    await git("log", "-1", "--format=%an%x00%ae%x00%cI%x00%s", target)
  )
    .trimEnd()
    .split("\0");

  const env = settings.buildEnv;
  // The site's lock and, where there is one, Decap's (decap/: installed by the site's postinstall).
  const locks = ["package-lock.json", "decap/package-lock.json"].filter((lock) =>
    existsSync(join(work, lock)),
  );
  const lockHash = sha256(...locks.map((lock) => join(work, lock)));
  const treesInstalled = locks.every((lock) =>
    existsSync(join(work, dirname(lock), "node_modules")),
  );
  if (lockHash !== installed.lockHash || !treesInstalled) {
    // What the build needs, not the test and benchmark tools: half the tree, a faster first
    // deploy, and fewer files for Gatsby's compile step to read at every build.
    await run("npm", ["ci", "--omit=dev", "--no-audit", "--no-fund"], {
      cwd: work,
      env,
      lowPriority: true,
      signal,
    });
  }
  await run("npm", ["run", "build"], { cwd: work, env, lowPriority: true, signal });

  signal?.throwIfAborted();
  const release = addRelease(settings.dir, join(work, "public"), {
    commit: target,
    author: email ? { name, email } : null,
    message,
    committedAt,
  });
  // Stopped while copying: the release stays aside, never live (pruned later).
  signal?.throwIfAborted();
  switchTo(settings.dir, release.id);
  pruneReleases(settings.dir, settings.keepReleases);
  return { release, lockHash };
}
