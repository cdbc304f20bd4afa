import { randomUUID } from "node:crypto";
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { setTimeout as delay } from "node:timers/promises";
import { deployPaths } from "./releases";

// One deploy at a time on a DEPLOY_DIR, whoever starts it (the server on a push, an operator's
// `npm run site`). The lock file names its holder by more than a process id, which the kernel
// reuses (a server restarted in a container is PID 1 again): the boot, the process's start time
// and a token of the process that wrote it. A holder is live only when all three still match; a
// lock left by a process that is gone is taken over, and only its writer ever removes a lock.

export interface LockHolder {
  pid: number;
  /** /proc/<pid>/stat's start time (clock ticks since boot), or null where /proc is not Linux's. */
  started: string | null;
  /** /proc/sys/kernel/random/boot_id: a process of an earlier boot is gone. */
  boot: string | null;
  /** This process's own mark: never taken for another's. */
  token: string;
}

const ownToken = randomUUID();

function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

/** The start time of `pid`, or null when it is not running (or /proc does not tell). */
function startTimeOf(pid: number): string | null {
  const stat = readOrNull(`/proc/${pid}/stat`);
  // The command name, in parentheses, may hold spaces: fields are counted after its end.
  return stat?.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
}

const boot = () => readOrNull("/proc/sys/kernel/random/boot_id")?.trim() ?? null;

/** This process, as a lock names it. */
export const thisHolder = (): LockHolder => ({
  pid: process.pid,
  started: startTimeOf(process.pid),
  boot: boot(),
  token: ownToken,
});

function isLive(holder: LockHolder): boolean {
  if (holder.token === ownToken) return false;
  if (holder.boot && holder.boot !== boot()) return false;
  if (holder.started !== null) return startTimeOf(holder.pid) === holder.started;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readHolder(file: string): LockHolder | null {
  try {
    const holder = JSON.parse(readFileSync(file, "utf8")) as Partial<LockHolder>;
    return Number.isInteger(holder.pid) && typeof holder.token === "string"
      ? (holder as LockHolder)
      : null;
  } catch {
    return null;
  }
}

/** Removes the lock if it is still this process's. */
function releaser(file: string): () => void {
  return () => {
    if (readHolder(file)?.token === ownToken) rmSync(file, { force: true });
  };
}

/** Takes the lock, or says who holds it. */
export function takeDeployLock(dir: string): (() => void) | { heldBy: LockHolder } {
  const { lock } = deployPaths(dir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(lock, "wx", 0o600);
      writeSync(fd, JSON.stringify(thisHolder()));
      closeSync(fd);
      return releaser(lock);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readHolder(lock);
      if (holder && isLive(holder)) return { heldBy: holder };
      // Gone (or a file cut short by a crash while it was written): the next attempt takes it.
      rmSync(lock, { force: true });
    }
  }
  throw new Error(`the deploy lock ${lock} could not be taken`);
}

/** How often a deploy waiting for another process's looks again. */
const pollMs = 1_000;

/**
 * Takes the lock, waiting while another live process holds it (its deploy runs to its end, then
 * this one): `onWait` hears of the holder once. Rejects when `signal` aborts.
 */
export async function waitForDeployLock(
  dir: string,
  signal: AbortSignal,
  onWait: (holder: LockHolder) => void,
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
