/** @jest-environment node */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { boxArguments, sandboxProblem } from "../sandbox";

// The build box itself, made by the real Bubblewrap: what a command inside it sees and reaches.

const root = mkdtempSync(join(tmpdir(), "build-box-"));
const work = join(root, "work");
const home = join(root, "home");
mkdirSync(join(work, ".git"), { recursive: true });
writeFileSync(join(work, ".git", "config"), "[remote] url = https://token@host/repo\n");
writeFileSync(join(work, "package.json"), "{}");
mkdirSync(home);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Runs a shell line in the box; resolves to what it printed. */
const inBox = (line: string, options: { network?: boolean; hidden?: string[] } = {}) =>
  execFileSync(
    "bwrap",
    boxArguments({ work, home, network: options.network ?? false, hidden: options.hidden ?? [] }, [
      "sh",
      "-c",
      line,
    ]),
    { encoding: "utf8" },
  ).trim();

test("the box can be made on this machine", () => {
  expect(sandboxProblem({ PATH: "/usr/bin:/bin" })).toBeNull();
});

test("it sees its working copy as /build, without git's files, and a home of its own", () => {
  expect(inBox("pwd; ls -A /build; ls -A /build/.git | wc -l; echo $HOME")).toBe(
    ["/build", ".git", "package.json", "0", "/home/builder"].join("\n"),
  );
  inBox("echo built > /build/public.txt; echo cached > $HOME/cache.txt");
  expect(
    execFileSync("cat", [join(work, "public.txt"), join(home, "cache.txt")], { encoding: "utf8" }),
  ).toBe("built\ncached\n");
});

test("nothing else of the machine: no /root, no /var, no other process, a read-only system", () => {
  expect(inBox(`ls / | tr '\\n' ' '`)).not.toMatch(/\b(root|var|srv|opt|mnt)\b/);
  expect(inBox("ls /proc | grep -c '^[0-9]'")).toMatch(/^[1-9]$/);
  expect(inBox(`ls ${root} 2>&1 || true`)).toContain("No such file");
  expect(inBox("touch /usr/bin/planted 2>&1 || true")).toContain("Read-only file system");
});

test("a folder to hide inside a tree it shows is empty there", () => {
  expect(inBox("ls /usr/share/doc | wc -l")).not.toBe("0");
  expect(inBox("ls /usr/share/doc | wc -l", { hidden: ["/usr/share/doc"] })).toBe("0");
});

test("no network but npm's download: loopback is its own", () => {
  expect(inBox("cat /sys/class/net/*/operstate 2>/dev/null; ls /sys 2>&1 | head -1")).toContain(
    "No such file",
  );
  expect(inBox("grep -c . /proc/net/dev")).toBe("3"); // two header lines and lo
  expect(Number(inBox("grep -c . /proc/net/dev", { network: true }))).toBeGreaterThan(3);
});

test("without Bubblewrap, deploys are refused with the command that installs it", () => {
  expect(sandboxProblem({ PATH: root })).toContain("apt-get install bubblewrap");
});
