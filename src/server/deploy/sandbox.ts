import { spawnSync } from "node:child_process";
import { existsSync, lstatSync, mkdtempSync, readlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";

// The box every step that runs the repository's code runs in (docs/operations.md, « Ce que voit
// une construction »): the install from the cache, the packages' own scripts, the build
// (gatsby-config, gatsby-node). Bubblewrap's namespaces give it its own user, processes, network
// (loopback alone, its own: nothing of the host's, not the server nor Caddy's), hostname and IPC;
// a read-only view of the system's programs and of the few files of /etc that user names, time
// zones and TLS read; the kind's working copy as /build (without its .git: git runs outside, as
// the server, with the remote's address); a home emptied before each build as /home/builder; a
// /tmp in memory of bounded size; and nothing else: not the lead database, not the releases nor
// `current`, not the other kind's working copy, not the server's checkout nor its /proc, no npm
// settings of the machine's or the server's. Killed with the process that started it
// (--die-with-parent): a server stopped with SIGKILL leaves no build behind. The packages were
// fetched before, by the server (package-fetch.ts); the ceilings are ceilings.ts's.

/** Where the box sees the working copy and its home. */
export const boxPaths = { work: "/build", home: "/home/builder" } as const;

/** What /etc must show for DNS (the registry), TLS, user names and time zones; nothing else. */
const etcFiles = [
  "/etc/hosts",
  "/etc/nsswitch.conf",
  "/etc/ssl",
  "/etc/ca-certificates",
  "/etc/pki",
  "/etc/passwd",
  "/etc/group",
  "/etc/localtime",
  "/etc/timezone",
  "/etc/alternatives",
  "/etc/ld.so.cache",
  "/etc/ld.so.conf",
  "/etc/ld.so.conf.d",
];

/**
 * npm's global settings where a Node.js of /usr or /usr/local reads them (its prefix's etc/npmrc):
 * they may name a registry's token, and are covered by an empty file.
 */
const globalNpmrcs = ["/usr/etc/npmrc", "/usr/local/etc/npmrc"];

/** The box's /tmp, in memory: bounded, so that a build cannot take the server's memory there. */
const tmpBytes = 1024 ** 3;

/** The in-memory folders that only cover what the box must not see: a build has no use of them. */
const coverBytes = 1024 ** 2;

/** The top-level links of a merged /usr (Debian 12: /bin -> usr/bin) and the folders they name. */
const systemTrees = ["/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"];

const isUnder = (path: string, tree: string) => {
  const rest = relative(tree, path);
  return rest === "" || (!rest.startsWith("..") && !rest.startsWith("/"));
};

export interface BoxOptions {
  /** The working copy (DEPLOY_DIR/work), writable in the box as /build. */
  work: string;
  /** The box's home (DEPLOY_DIR/home, emptied before each build), writable as /home/builder. */
  home: string;
  /**
   * Folders that must stay out of sight even when they lie inside a tree the box shows (a
   * database or a server installed under /usr/local): each is covered by an empty folder.
   */
  hidden: readonly string[];
  /** The server's Node.js (process.execPath): shown read-only when it is not under /usr. */
  nodePath?: string;
}

/** What the server's configuration says of the box (the rest is the deploy's own folders). */
export type BoxSettings = Pick<BoxOptions, "hidden" | "nodePath">;

/** The arguments of `bwrap` that run `command` in the box. */
export function boxArguments(options: BoxOptions, command: readonly string[]): string[] {
  const shown = ["/usr"];
  const args = [
    "--unshare-all",
    "--unshare-user",
    "--disable-userns",
    "--die-with-parent",
    "--new-session",
    "--cap-drop",
    "ALL",
    "--ro-bind",
    "/usr",
    "/usr",
    // The in-memory /tmp first: a Node.js installed under it is then bound over it, not hidden.
    "--proc",
    "/proc",
    "--dev",
    "/dev",
    "--size",
    String(tmpBytes),
    "--tmpfs",
    "/tmp",
  ];
  for (const tree of systemTrees) {
    if (!existsSync(tree)) continue;
    if (lstatSync(tree).isSymbolicLink()) {
      args.push("--symlink", readlinkSync(tree), tree);
    } else {
      args.push("--ro-bind", tree, tree);
      shown.push(tree);
    }
  }
  // A Node.js installed elsewhere (/opt/node-v24…): its own install folder, read-only.
  const nodePrefix = options.nodePath ? dirname(dirname(options.nodePath)) : null;
  if (nodePrefix && !shown.some((tree) => isUnder(nodePrefix, tree)) && nodePrefix !== "/") {
    args.push("--ro-bind", nodePrefix, nodePrefix);
    shown.push(nodePrefix);
  }
  for (const file of etcFiles) args.push("--ro-bind-try", file, file);
  const npmrcs = [...globalNpmrcs, ...(nodePrefix ? [join(nodePrefix, "etc", "npmrc")] : [])];
  for (const file of new Set(npmrcs)) {
    if (existsSync(file)) args.push("--ro-bind", "/dev/null", file);
  }
  for (const path of options.hidden) {
    if (shown.some((tree) => isUnder(path, tree)) && existsSync(path)) {
      args.push("--size", String(coverBytes), "--tmpfs", path);
    }
  }
  args.push("--bind", options.work, boxPaths.work);
  // git's own files stay out of reach: they hold the remote's address (a token, maybe), and a
  // hook or a config written there would run as the server at the next fetch. An empty folder
  // in memory covers them, of a size that keeps it from being a way round /tmp's.
  if (existsSync(join(options.work, ".git"))) {
    args.push("--size", String(coverBytes), "--tmpfs", `${boxPaths.work}/.git`);
  }
  args.push("--bind", options.home, boxPaths.home);
  args.push("--setenv", "HOME", boxPaths.home, "--setenv", "TMPDIR", "/tmp");
  args.push("--chdir", boxPaths.work, "--", ...command);
  return args;
}

/**
 * Null when a box can be made here, with the build's environment (its PATH finds bwrap);
 * otherwise why not, in French, with the fix. Deploys do not start without it: there is no
 * setting that runs a build unboxed.
 */
export function sandboxProblem(env: Readonly<Record<string, string>>): string | null {
  // A box made exactly as a deploy's steps make theirs, around an empty folder.
  const scratch = mkdtempSync(join(tmpdir(), "build-box-probe-"));
  let probe;
  try {
    probe = spawnSync(
      "bwrap",
      boxArguments({ work: scratch, home: scratch, hidden: [] }, ["true"]),
      { encoding: "utf8", timeout: 10_000, env },
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  if (probe.error && (probe.error as NodeJS.ErrnoException).code === "ENOENT") {
    return "le bac à sable des constructions (bubblewrap) n'est pas installé sur ce serveur : « apt-get install bubblewrap » (Debian, Ubuntu), puis redémarrez le serveur";
  }
  if (probe.status === 0) return null;
  const said = (probe.stderr || String(probe.error ?? "")).trim().split("\n")[0] ?? "";
  if (/unknown option/i.test(said)) {
    return `le bac à sable des constructions (bubblewrap) est trop ancien (${said}) : il faut la version 0.8 ou plus (Debian 12, Ubuntu 24.04)`;
  }
  return `le bac à sable des constructions (bubblewrap) ne peut pas être créé (${said}) : les espaces de noms utilisateur doivent être permis, « sysctl -w kernel.unprivileged_userns_clone=1 » (Debian), le profil AppArmor de bwrap ou « sysctl -w kernel.apparmor_restrict_unprivileged_userns=0 » (Ubuntu 24.04), et l'unité systemd ne doit pas poser RestrictNamespaces (docs/operations.md)`;
}
