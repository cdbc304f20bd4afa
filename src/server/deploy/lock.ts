import { spawnSync } from "node:child_process";
import {
  closeSync,
  constants,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  writeSync,
} from "node:fs";
import { setTimeout as delay } from "node:timers/promises";
import { deployPaths } from "./releases";

// One deploy at a time on a DEPLOY_DIR, whoever starts it (the server on a push, an operator's
// `npm run site`). The lock is the kernel's: an exclusive flock(2) on DEPLOY_DIR/deploy.lock, taken
// by util-linux's `flock --nonblock` on a descriptor this process opened and hands it. flock(2)
// ties the lock to that open file, not to the `flock` program: it stays held once the program has
// exited, for as long as this process keeps the descriptor open, and the kernel releases it when
// the descriptor is closed or the process ends in any way (SIGKILL, the OOM killer). Node opens
// every file close-on-exec, so neither git nor a build inherits it. There is nothing stale to
// take over and no file is ever removed (removing it would let a second taker lock a new file
// beside the first one's): no process id is guessed and no timing decides who holds it. The file
// also says who holds it, written under the lock, for the « waits for … » messages only.

export interface LockHolder {
  pid: number;
  /** When it took the lock (ISO 8601). */
  since: string;
}

/** `flock`'s exit code when another open file holds the lock (its default, 1, is any error). */
const heldElsewhere = 75;

/** Whether a process of this id runs (this is for a message only: ids are reused). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Who the file names, unless that process is gone (its successor has not written yet). */
function readHolder(file: string): LockHolder | null {
  try {
    const holder = JSON.parse(readFileSync(file, "utf8")) as Partial<LockHolder>;
    return Number.isInteger(holder.pid) && typeof holder.since === "string" && running(holder.pid!)
      ? { pid: holder.pid!, since: holder.since }
      : null;
  } catch {
    return null;
  }
}

/** This process, as the lock file names it. */
export const thisHolder = (): LockHolder => ({ pid: process.pid, since: new Date().toISOString() });

/**
 * Takes the lock, or says who holds it: `heldBy` is null when the holder has not written its name
 * yet (it just took the lock) or is of an earlier version.
 */
export function takeDeployLock(dir: string): (() => void) | { heldBy: LockHolder | null } {
  const { lock } = deployPaths(dir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const fd = openSync(lock, constants.O_RDWR | constants.O_CREAT | constants.O_NOFOLLOW, 0o600);
  const taken = spawnSync(
    "flock",
    ["--exclusive", "--nonblock", "--conflict-exit-code", String(heldElsewhere), "3"],
    { stdio: ["ignore", "ignore", "pipe", fd], encoding: "utf8" },
  );
  if (taken.status !== 0) {
    closeSync(fd);
    if (taken.status === heldElsewhere) return { heldBy: readHolder(lock) };
    throw new Error(
      `the deploy lock ${lock} could not be taken (flock, of util-linux: ${
        taken.error?.message ?? (taken.stderr.trim() || `exit ${taken.status}`)
      })`,
    );
  }
  ftruncateSync(fd);
  writeSync(fd, JSON.stringify(thisHolder()), 0);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    // Its name goes first, while the lock is still held: nobody else writes there meanwhile.
    ftruncateSync(fd);
    closeSync(fd);
  };
}

/** How often a deploy waiting for another process's looks again. */
const pollMs = 1_000;

/**
 * Takes the lock, waiting while another holds it (its deploy runs to its end, then this one):
 * `onWait` hears of the holder once. Rejects when `signal` aborts.
 */
export async function waitForDeployLock(
  dir: string,
  signal: AbortSignal,
  onWait: (holder: LockHolder | null) => void,
): Promise<() => void> {
  let told = false;
  for (;;) {
    signal.throwIfAborted();
    const taken = takeDeployLock(dir);
    if (typeof taken === "function") return taken;
    if (!told) onWait(taken.heldBy);
    told = true;
    await delay(pollMs, undefined, { signal });
  }
}

/**
 * Runs `action` under the deploy lock once it is free, the wait told to `log`; resolves to false,
 * having run nothing, when `signal` stops it while waiting.
 */
export async function withDeployLock(
  dir: string,
  signal: AbortSignal,
  log: { info(message: string): void },
  action: () => Promise<void>,
): Promise<boolean> {
  let release: () => void;
  try {
    release = await waitForDeployLock(dir, signal, (holder) =>
      log.info(`deploy waits for the one process ${holder?.pid ?? "(not named yet)"} runs`),
    );
  } catch {
    return false;
  }
  try {
    await action();
  } finally {
    release();
  }
  return true;
}
