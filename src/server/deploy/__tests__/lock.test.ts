/** @jest-environment node */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { buildSync } from "esbuild";
import { takeDeployLock, waitForDeployLock } from "../lock";
import { deployPaths } from "../releases";

// The deploy lock, with real processes: each taker is a Node process of its own running lock.ts,
// which holds what it took until the test closes its standard input (or kills it).

const dir = mkdtempSync(join(tmpdir(), "deploy-lock-"));
const { lock } = deployPaths(dir);
const taker = join(dir, "taker.mjs");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(() => {
  buildSync({
    entryPoints: [join(__dirname, "..", "lock.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    outfile: join(dir, "lock.mjs"),
    logLevel: "silent",
  });
  // Says "ready", takes the lock at "go", says whether it holds it, then holds it while its
  // standard input stays open.
  writeFileSync(
    taker,
    `import { takeDeployLock } from "./lock.mjs";
process.stdout.write("ready\\n");
process.stdin.setEncoding("utf8").once("data", () => {
  const taken = takeDeployLock(process.argv[2]);
  process.stdout.write(typeof taken === "function" ? "took\\n" : "refused " + JSON.stringify(taken.heldBy) + "\\n");
});
`,
  );
});

interface Taker {
  child: ChildProcessWithoutNullStreams;
  /** Its next line. */
  line: () => Promise<string>;
}

/** Every taker started, ended after each test whatever its outcome. */
const started: ChildProcessWithoutNullStreams[] = [];
afterEach(async () => {
  const running = started.splice(0).filter((child) => child.exitCode === null && !child.killed);
  await Promise.all(running.map((child) => end({ child, line: async () => "" }, "SIGKILL")));
});

async function startTaker(): Promise<Taker> {
  const child = spawn(process.execPath, [taker, dir], { cwd: dir });
  started.push(child);
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const line = async () => String((await lines.next()).value);
  expect(await line()).toBe("ready");
  return { child, line };
}

async function end({ child }: Taker, how: "close" | "SIGKILL") {
  const exited = once(child, "exit");
  if (how === "close") child.stdin.end();
  else child.kill(how);
  await exited;
}

/** A lock file as a process that is gone left it: its name, and no lock. */
async function staleLockFile() {
  const gone = spawn(process.execPath, ["-e", ""]);
  await once(gone, "exit");
  writeFileSync(lock, JSON.stringify({ pid: gone.pid, since: new Date(0).toISOString() }));
}

test("processes that race beside a stale lock file: exactly one holds it, every round", async () => {
  for (let round = 0; round < 6; round += 1) {
    await staleLockFile();
    const takers = await Promise.all(Array.from({ length: 4 }, startTaker));
    // All ready, then told at once: each answers while those that took it still hold it.
    for (const { child } of takers) child.stdin.write("go\n");
    const answers = await Promise.all(takers.map(({ line }) => line()));
    expect(answers.filter((answer) => answer === "took")).toHaveLength(1);
    const holder = takers[answers.indexOf("took")]!;
    // The others were told who: the one that took it, or nobody when they looked before it
    // wrote its name (never the process that is gone).
    for (const answer of answers.filter((answer) => answer !== "took")) {
      expect(answer).toMatch(new RegExp(`^refused (null|\\{"pid":${holder.child.pid},)`));
    }
    expect(JSON.parse(readFileSync(lock, "utf8"))).toMatchObject({ pid: holder.child.pid });
    await Promise.all(takers.map((taker) => end(taker, "close")));
  }
}, 90_000);

test("a live holder's lock is neither taken nor removed; once it is killed, it is taken", async () => {
  const holder = await startTaker();
  holder.child.stdin.write("go\n");
  expect(await holder.line()).toBe("took");
  expect(takeDeployLock(dir)).toEqual({
    heldBy: expect.objectContaining({ pid: holder.child.pid }),
  });
  expect(JSON.parse(readFileSync(lock, "utf8"))).toMatchObject({ pid: holder.child.pid });
  await end(holder, "SIGKILL");
  // It died holding it: its name is still in the file, the kernel's lock is gone with it.
  expect(JSON.parse(readFileSync(lock, "utf8"))).toMatchObject({ pid: holder.child.pid });
  const release = takeDeployLock(dir);
  expect(typeof release).toBe("function");
  expect(JSON.parse(readFileSync(lock, "utf8"))).toMatchObject({ pid: process.pid });
  // Held by this process: another taker, or this process again, is refused until released.
  const other = await startTaker();
  other.child.stdin.write("go\n");
  expect(await other.line()).toBe(`refused ${readFileSync(lock, "utf8")}`);
  expect(typeof takeDeployLock(dir)).toBe("object");
  (release as () => void)();
  expect(readFileSync(lock, "utf8")).toBe("");
  const again = takeDeployLock(dir);
  expect(typeof again).toBe("function");
  (again as () => void)();
  await end(other, "close");
});

test("a lock file in an earlier format, or cut short, holds nothing", () => {
  for (const leftover of [
    JSON.stringify({ pid: process.pid, started: "1", boot: null, token: "an earlier run" }),
    String(process.pid),
    "{ cut short",
  ]) {
    writeFileSync(lock, leftover);
    const release = takeDeployLock(dir);
    expect(typeof release).toBe("function");
    (release as () => void)();
  }
});

test("a live holder is waited for, told once; its end lets the waiting one in", async () => {
  const holder = await startTaker();
  holder.child.stdin.write("go\n");
  expect(await holder.line()).toBe("took");
  const told: (number | undefined)[] = [];
  const waiting = waitForDeployLock(dir, new AbortController().signal, (by) => {
    told.push(by?.pid);
    // Heard while the other still holds it: then it goes.
    void end(holder, "close");
  });
  const release = await waiting;
  expect(told).toEqual([holder.child.pid]);
  release();
});

test("a wait is given up when its signal aborts", async () => {
  const holder = await startTaker();
  holder.child.stdin.write("go\n");
  expect(await holder.line()).toBe("took");
  const stop = new AbortController();
  const waiting = waitForDeployLock(dir, stop.signal, () => stop.abort());
  await expect(waiting).rejects.toThrow();
  await end(holder, "close");
});
