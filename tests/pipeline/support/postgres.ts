import { execFileSync } from "node:child_process";
import { chownSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";

// A throwaway PostgreSQL server from Debian's packages (`apt-get install -y postgresql`), in a
// temporary folder, on a loopback port of its own: the tests meet a real database, and leave
// nothing behind. As root, the server runs as the `postgres` user (initdb refuses root).

function binDir(): string {
  const root = "/usr/lib/postgresql";
  let versions: string[];
  try {
    versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  } catch {
    throw new Error("PostgreSQL is not installed: apt-get install -y postgresql");
  }
  if (versions.length === 0)
    throw new Error("PostgreSQL is not installed: apt-get install -y postgresql");
  return join(root, versions[0]!, "bin");
}

export class TestPostgres {
  readonly dir: string;
  readonly url: string;
  private readonly bin = binDir();
  private readonly asRoot = userInfo().uid === 0;

  /** `durable`: fsync on, as in production (the load benchmark); off for the fault tests. */
  constructor(
    readonly port: number,
    private readonly options: { durable?: boolean } = {},
  ) {
    this.dir = mkdtempSync(join(tmpdir(), "leads-pg-"));
    if (this.asRoot) {
      const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
      const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
      chownSync(this.dir, uid, gid);
    }
    this.url = `postgres://postgres@127.0.0.1:${port}/leads`;
    this.run("initdb", [
      "-D",
      this.data,
      "-U",
      "postgres",
      "-A",
      "trust",
      "--no-sync",
      "-E",
      "UTF8",
    ]);
  }

  private get data(): string {
    return join(this.dir, "data");
  }

  private run(tool: string, args: string[]): string {
    const command = join(this.bin, tool);
    return this.asRoot
      ? execFileSync("runuser", ["-u", "postgres", "--", command, ...args], {
          encoding: "utf8",
          stdio: "pipe",
        })
      : execFileSync(command, args, { encoding: "utf8", stdio: "pipe" });
  }

  /** Starts the server and waits until it accepts connections (pg_ctl -w). */
  start(): void {
    // fsync off for tests: they are about the protocol, not about surviving a power cut.
    const fsync = this.options.durable ? "on" : "off";
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=${fsync} -c max_connections=100`;
    this.run("pg_ctl", [
      "-D",
      this.data,
      "-o",
      options,
      "-l",
      join(this.dir, "log"),
      "-w",
      "-t",
      "30",
      "start",
    ]);
  }

  /** Creates the `leads` database the url names. */
  createDatabase(): void {
    this.run("createdb", ["-h", "127.0.0.1", "-p", String(this.port), "-U", "postgres", "leads"]);
  }

  /** Stops at once, cutting open connections, as a crash or a failover would. */
  stop(): void {
    this.run("pg_ctl", ["-D", this.data, "-m", "immediate", "-w", "stop"]);
  }

  /** Stops the server if it runs, then deletes its folder. */
  destroy(): void {
    try {
      this.run("pg_ctl", ["-D", this.data, "-m", "fast", "-w", "stop"]);
    } catch {
      // Already stopped.
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
