/** @jest-environment node */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { takeDeployLock, thisHolder, waitForDeployLock } from "../lock";
import { deployPaths } from "../releases";

// The deploy lock, with real processes: who holds it is told by more than a process id.

const dir = mkdtempSync(join(tmpdir(), "deploy-lock-"));
const { lock } = deployPaths(dir);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("taken, refused to nobody else in this process's name, and removed only by its holder", () => {
  const release = takeDeployLock(dir);
  expect(typeof release).toBe("function");
  expect(JSON.parse(readFileSync(lock, "utf8"))).toEqual(thisHolder());
  // Another process's lock in its place: this process's release leaves it.
  const other = { ...thisHolder(), token: "another process" };
  writeFileSync(lock, JSON.stringify(other));
  (release as () => void)();
  expect(existsSync(lock)).toBe(true);
  rmSync(lock);
});

test("a lock of this process id from an earlier life, or in the earlier format, is taken over", () => {
  for (const leftover of [
    JSON.stringify({ ...thisHolder(), started: "1", token: "before the restart" }),
    JSON.stringify({ ...thisHolder(), boot: "an earlier boot", token: "before the reboot" }),
    String(process.pid),
    "{ cut short",
  ]) {
    writeFileSync(lock, leftover);
    const release = takeDeployLock(dir);
    expect(typeof release).toBe("function");
    (release as () => void)();
  }
});

test("a live holder is waited for; its end lets the waiting one in", async () => {
  const holder = spawn(process.execPath, ["-e", "setInterval(() => {}, 60_000)"], {
    stdio: "ignore",
  });
  await new Promise((resolve) => holder.once("spawn", resolve));
  const started = readFileSync(`/proc/${holder.pid}/stat`, "utf8");
  writeFileSync(
    lock,
    JSON.stringify({
      pid: holder.pid,
      started: started.slice(started.lastIndexOf(")") + 2).split(" ")[19],
      boot: thisHolder().boot,
      token: "the other process",
    }),
  );
  expect(takeDeployLock(dir)).toEqual({ heldBy: expect.objectContaining({ pid: holder.pid }) });
  const told: number[] = [];
  const waiting = waitForDeployLock(dir, new AbortController().signal, (by) => told.push(by.pid));
  holder.kill("SIGKILL");
  const release = await waiting;
  expect(told).toEqual([holder.pid]);
  release();
  expect(existsSync(lock)).toBe(false);
});
