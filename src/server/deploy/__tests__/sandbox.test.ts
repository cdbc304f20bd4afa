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
const inBox = (line: string, options: { hidden?: string[] } = {}) =>
  execFileSync(
    "bwrap",
    boxArguments({ work, home, hidden: options.hidden ?? [], nodePath: process.execPath }, [
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

test("no network at all: loopback is its own, and no name can be resolved", () => {
  expect(inBox("cat /sys/class/net/*/operstate 2>/dev/null; ls /sys 2>&1 | head -1")).toContain(
    "No such file",
  );
  expect(inBox("grep -c . /proc/net/dev")).toBe("3"); // two header lines and lo
  expect(inBox("ls /etc/resolv.conf 2>&1 || true")).toContain("No such file");
});

test("no npm settings of the machine's or the server's, whatever they hold", () => {
  // A Node.js installed in a folder of its own, with npm's global settings beside it.
  const prefix = mkdtempSync(join(tmpdir(), "box-node-"));
  try {
    mkdirSync(join(prefix, "bin"));
    mkdirSync(join(prefix, "etc"));
    writeFileSync(join(prefix, "bin", "node"), "");
    writeFileSync(join(prefix, "etc", "npmrc"), "//registry.example/:_authToken=secret\n");
    const seen = execFileSync(
      "bwrap",
      boxArguments({ work, home, hidden: [], nodePath: join(prefix, "bin", "node") }, [
        "sh",
        "-c",
        `ls ${prefix}/bin; for f in /etc/npmrc /usr/etc/npmrc /usr/local/etc/npmrc ${prefix}/etc/npmrc "$HOME/.npmrc"; do cat "$f" 2>/dev/null; done; echo end`,
      ]),
      { encoding: "utf8" },
    );
    expect(seen).toBe("node\nend\n");
  } finally {
    rmSync(prefix, { recursive: true, force: true });
  }
});

test("the in-memory folders have a size: writing past it into .git's cover fails", () => {
  expect(
    inBox(
      "head -c 4000000 /dev/zero > /build/.git/filler 2>&1 || echo refused; rm -f /build/.git/filler",
    ),
  ).toContain("refused");
  expect(inBox("df -k /tmp | tail -1 | awk '{ print $2 }'")).toBe(String(1024 ** 2));
});

test("without Bubblewrap, deploys are refused with the command that installs it", () => {
  expect(sandboxProblem({ PATH: root })).toContain("apt-get install bubblewrap");
});
