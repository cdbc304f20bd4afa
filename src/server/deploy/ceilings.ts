import { createHash, randomUUID } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { DeployFailure } from "./run-program";

// The ceilings of one build (docs/operations.md, « Ce que voit une construction »): a number of
// tasks (processes and threads) and an amount of memory that every process of the box shares, in
// a control group of its own. A fork bomb meets the first, an allocation without end the second;
// either stops the whole box with a French reason, and the server, outside that group, answers on.
// The group is made under the server's own (systemd's `Delegate=pids memory` gives the server
// user its unit's group, ops/systemd/hestia-site.service; root may write anywhere), in the
// unified hierarchy (cgroup v2) or in the `pids` and `memory` ones of a cgroup v1 host.

export interface CeilingSettings {
  /** DEPLOY_BUILD_TASKS: processes and threads of the box, all together. */
  tasks: number;
  /** DEPLOY_BUILD_MEMORY_MB, in bytes: the box's memory, in-memory folders included. */
  memoryBytes: number;
}

/** One build's group, in one hierarchy or two (v1: pids and memory apart). */
export interface BuildGroup {
  /** The folders a process must enter, before it runs the box (`enterPrefix`). */
  folders: string[];
  /** Why the box must stop, once a ceiling was met: null while none was. */
  tripped: () => string | null;
  /** Kills what is left in the group and removes it. */
  close: () => void;
}

const root = "/sys/fs/cgroup";

/** The server's own group in each hierarchy (/proc/self/cgroup), by controller; "" for v2. */
function ownGroups(): Map<string, string> {
  const groups = new Map<string, string>();
  for (const line of readFileSync("/proc/self/cgroup", "utf8").trim().split("\n")) {
    const [, controllers = "", path = "/"] = line.split(":");
    for (const controller of controllers.split(",")) groups.set(controller, path);
  }
  return groups;
}

/** The count `key` of an events file; 0 once the group is gone (removed by an operator, say). */
function readNumberIn(file: string, key: string): number {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return 0;
  }
  const line = text.split("\n").find((row) => row.startsWith(`${key} `));
  return Number(line?.split(" ")[1] ?? 0);
}

/** Kills every process listed in the group's folder and removes it; a folder left busy stays. */
function removeGroup(folder: string): void {
  if (!existsSync(folder)) return;
  // cgroup.kill (Linux 5.14, v2) kills at once what forks on; elsewhere, each process listed.
  if (existsSync(join(folder, "cgroup.kill"))) writeFileSync(join(folder, "cgroup.kill"), "1");
  for (const pid of readFileSync(join(folder, "cgroup.procs"), "utf8").split("\n")) {
    if (pid) {
      try {
        process.kill(Number(pid), "SIGKILL");
      } catch {
        // Gone already.
      }
    }
  }
  try {
    rmdirSync(folder);
  } catch {
    // Its last processes are still being torn down: the next build's sweep removes it.
  }
}

/**
 * Removes the groups earlier builds of the same DEPLOY_DIR left (a server killed mid-build), under
 * `parent`: those of another DEPLOY_DIR may be building now, beside this one, in the same group.
 */
function sweep(parent: string, prefix: string): void {
  for (const name of readdirSync(parent)) {
    if (name.startsWith(prefix)) removeGroup(join(parent, name));
  }
}

/** The unified hierarchy: the server moves into a leaf so its group may hand out controllers. */
function openV2(base: string, settings: CeilingSettings, prefix: string): string[] {
  const control = join(base, "cgroup.subtree_control");
  const enable = () => writeFileSync(control, "+pids +memory");
  try {
    enable();
  } catch (error) {
    // « No internal processes »: a group that holds processes cannot share controllers out.
    if ((error as NodeJS.ErrnoException).code !== "EBUSY") throw error;
    mkdirSync(join(base, "server"), { recursive: true });
    writeFileSync(join(base, "server", "cgroup.procs"), String(process.pid));
    enable();
  }
  sweep(base, prefix);
  const folder = join(base, `${prefix}${randomUUID()}`);
  mkdirSync(folder);
  writeFileSync(join(folder, "pids.max"), String(settings.tasks));
  writeFileSync(join(folder, "memory.max"), String(settings.memoryBytes));
  // No swap: a build past its memory would otherwise slow the whole machine down instead.
  if (existsSync(join(folder, "memory.swap.max"))) {
    writeFileSync(join(folder, "memory.swap.max"), "0");
  }
  // The out-of-memory killer takes the whole box, not one of its processes.
  writeFileSync(join(folder, "memory.oom.group"), "1");
  return [folder];
}

/** A cgroup v1 host: one group in the pids hierarchy, one in the memory hierarchy. */
function openV1(groups: Map<string, string>, settings: CeilingSettings, prefix: string): string[] {
  const id = `${prefix}${randomUUID()}`;
  const folders = (["pids", "memory"] as const).map((controller) => {
    const parent = join(root, controller, groups.get(controller) ?? "/");
    sweep(parent, prefix);
    const folder = join(parent, id);
    mkdirSync(folder);
    return folder;
  });
  const [pids, memory] = folders as [string, string];
  writeFileSync(join(pids, "pids.max"), String(settings.tasks));
  writeFileSync(join(memory, "memory.limit_in_bytes"), String(settings.memoryBytes));
  if (existsSync(join(memory, "memory.memsw.limit_in_bytes"))) {
    writeFileSync(join(memory, "memory.memsw.limit_in_bytes"), String(settings.memoryBytes));
  }
  return folders;
}

const megabytes = (bytes: number) => Math.round(bytes / 1024 ** 2);

/**
 * A group for one build of `deployDir` with its ceilings, or why none can be made here (in French,
 * with the fix): a build does not run without its ceilings. The caller holds the deploy lock.
 */
export function openBuildGroup(
  settings: CeilingSettings,
  deployDir: string,
): BuildGroup | { problem: string } {
  // Named for its DEPLOY_DIR: one build at a time each (the deploy lock), several side by side.
  const prefix = `build-${createHash("sha256").update(deployDir).digest("hex").slice(0, 12)}-`;
  let folders: string[];
  try {
    const groups = ownGroups();
    folders = existsSync(join(root, "cgroup.controllers"))
      ? openV2(join(root, groups.get("") ?? "/"), settings, prefix)
      : openV1(groups, settings, prefix);
  } catch (error) {
    return {
      problem: `les plafonds des constructions (groupes de contrôle, ${root}) ne peuvent pas être posés (${(error as Error).message}) : l'unité systemd du serveur doit porter « Delegate=pids memory » et ne pas porter ProtectControlGroups= (ops/systemd/hestia-site.service, docs/operations.md)`,
    };
  }
  const eventsOf = (name: string) => folders.map((folder) => join(folder, name)).find(existsSync);
  const pidsEvents = eventsOf("pids.events");
  const memoryEvents = eventsOf("memory.events") ?? eventsOf("memory.oom_control");
  return {
    folders,
    tripped: () => {
      if (pidsEvents && readNumberIn(pidsEvents, "max") > 0) {
        return `la construction a voulu dépasser ${settings.tasks} processus (DEPLOY_BUILD_TASKS) : elle a été arrêtée`;
      }
      if (memoryEvents && readNumberIn(memoryEvents, "oom_kill") > 0) {
        return `la construction a dépassé ${megabytes(settings.memoryBytes)} Mo de mémoire (DEPLOY_BUILD_MEMORY_MB) : elle a été arrêtée`;
      }
      return null;
    },
    close: () => folders.forEach(removeGroup),
  };
}

/**
 * The command that runs `command` inside the group: a shell that moves itself into each folder
 * first (writing 0 moves the writer), so that nothing the box starts is ever outside it.
 */
export function enterPrefix(group: Pick<BuildGroup, "folders">): string[] {
  return [
    "sh",
    "-c",
    'while [ "$1" != -- ]; do echo 0 > "$1/cgroup.procs" || exit 125; shift; done; shift; exec "$@"',
    "sh",
    ...group.folders,
    "--",
  ];
}

/** How often the ceilings are looked at while the box runs. */
const checkMs = 500;

/** Aborts once a ceiling was met, with its French reason. */
export function ceilingGuard(group: BuildGroup): { signal: AbortSignal; stop: () => void } {
  const controller = new AbortController();
  const timer = setInterval(() => {
    const reason = group.tripped();
    if (reason) controller.abort(new DeployFailure(reason, [], []));
  }, checkMs);
  timer.unref();
  return { signal: controller.signal, stop: () => clearInterval(timer) };
}
