/**
 * @jest-environment node
 */
// The systemd units an operator copies from ops/systemd/, checked as systemd reads them
// (`systemd-analyze verify`, from Debian's systemd package, which works without systemd running):
// no unknown key, no missing program; and the settings docs/operations.md promises of them.
import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const unitsDir = path.join(__dirname, "..", "..", "ops", "systemd");
const units = readdirSync(unitsDir).filter((name) => /\.(service|timer)$/.test(name));
const scratch = mkdtempSync(path.join(tmpdir(), "units-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** What `systemd-analyze verify` says of the units in `folder`: its exit status and its words. */
function verify(folder: string, names: string[]) {
  const run = spawnSync(
    "systemd-analyze",
    ["verify", ...names.map((name) => path.join(folder, name))],
    {
      encoding: "utf8",
    },
  );
  return { status: run.status, said: `${run.stdout}${run.stderr}`.trim() };
}

/** The value of `key` in a unit's text (the last one, as systemd reads it). */
const setting = (text: string, key: string) =>
  [...text.matchAll(new RegExp(`^${key}=(.*)$`, "gm"))].at(-1)?.[1];

test("ops/systemd holds the server, the backup and its timer", () => {
  expect(units.sort()).toEqual([
    "hestia-backup.service",
    "hestia-backup.timer",
    "hestia-site.service",
  ]);
});

test("systemd reads every unit without a word: no unknown key, every program there", () => {
  for (const name of units) copyFileSync(path.join(unitsDir, name), path.join(scratch, name));
  expect(verify(scratch, units)).toEqual({ status: 0, said: "" });
});

test("the check itself tells a misspelt key", () => {
  const name = "misspelt.service";
  writeFileSync(
    path.join(scratch, name),
    "[Unit]\nDescription=x\n[Service]\nExecStart=/usr/bin/true\nProtectSystm=strict\n",
  );
  expect(verify(scratch, [name]).said).toContain("Unknown key 'ProtectSystm'");
});

test("the server runs as its own user, writes only its data, and stops after its drain", () => {
  const text = readFileSync(path.join(unitsDir, "hestia-site.service"), "utf8");
  expect(setting(text, "User")).toBe("hestia");
  expect(setting(text, "ProtectSystem")).toBe("strict");
  expect(setting(text, "ReadWritePaths")).toBe("/var/lib/hestia");
  expect(setting(text, "NoNewPrivileges")).toBe("yes");
  expect(setting(text, "PrivateTmp")).toBe("yes");
  expect(setting(text, "Restart")).toBe("on-failure");
  // Over the server's 10 s drain (src/server/http/serve.ts, shutdownGraceMs).
  expect(Number(setting(text, "TimeoutStopSec")?.replace(/s$/, ""))).toBeGreaterThan(10);
  // The build box needs user namespaces (src/server/deploy/sandbox.ts).
  expect(text).not.toMatch(/^(RestrictNamespaces|PrivateUsers|SystemCallFilter)=/m);
  // Each build's ceilings are a control group under the unit's (src/server/deploy/ceilings.ts);
  // the unit's own hold the server and one build at its default ceilings (3 GiB, 1,024 tasks).
  expect(setting(text, "Delegate")).toBe("pids memory");
  expect(text).not.toMatch(/^ProtectControlGroups=/m);
  expect(Number(setting(text, "MemoryMax")?.replace(/G$/, ""))).toBeGreaterThanOrEqual(3.5);
  expect(Number(setting(text, "TasksMax"))).toBeGreaterThan(1024);
  const timer = readFileSync(path.join(unitsDir, "hestia-backup.timer"), "utf8");
  expect(setting(timer, "OnCalendar")).toBe("hourly");
});
