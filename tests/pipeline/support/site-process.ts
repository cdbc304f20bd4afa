import { spawn, type ChildProcess } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { personHeaders, testChallengeSecret } from "../../../src/test-utils/anti-bot";
import { nodeArgs } from "../../../src/test-utils/compiled-server";

// `npm run serve` as a process of its own (the compiled dist/server/serve.mjs), so a test can
// run two of them on one database, or kill one with SIGKILL between storing and notifying.
// The process runs in a folder of its own with a link to the real content/ (the acknowledgement
// reads it) and either a minimal public/ (when the pages do not matter: no Gatsby build needed)
// or a link to the real build (`realBuild`, for a visitor's browser).

const root = join(__dirname, "..", "..", "..");

export class SiteProcess {
  private child: ChildProcess | null = null;
  private readonly folder: string;
  /** Called after each chunk of output and when the process exits: the pending `logged` waits. */
  private readonly outputWaiters = new Set<() => void>();
  private exited = false;
  output = "";

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
    { realBuild = false }: { realBuild?: boolean } = {},
  ) {
    this.folder = mkdtempSync(join(tmpdir(), "leads-site-"));
    if (realBuild) {
      if (!existsSync(join(root, "public", "index.html"))) {
        throw new Error("No production build in public/: run `npm run build` first.");
      }
      symlinkSync(join(root, "public"), join(this.folder, "public"));
    } else {
      mkdirSync(join(this.folder, "public"));
      writeFileSync(
        join(this.folder, "public", "_headers"),
        "/*\n  X-Content-Type-Options: nosniff\n",
      );
      writeFileSync(
        join(this.folder, "public", "index.html"),
        "<!doctype html><title>test</title>",
      );
      writeFileSync(join(this.folder, "public", "404.html"), "<!doctype html><title>404</title>");
    }
    symlinkSync(join(root, "content"), join(this.folder, "content"));
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, nodeArgs("serve"), {
      cwd: this.folder,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        // How this machine reaches the package registry, as the service's unit gives it to the
        // server (docs/operations.md): a draft's first build downloads its packages.
        ...Object.fromEntries(
          Object.entries(process.env).filter(([name]) =>
            /^(NODE_EXTRA_CA_CERTS|HTTPS?_PROXY|https?_proxy|NO_PROXY|no_proxy)$/.test(name),
          ),
        ),
        TZ: "UTC",
        HOST: "127.0.0.1",
        PORT: String(this.port),
        // The tests post as the form does, with challenges solved under this secret; the rate
        // limits are off, as for a load on loopback (tests/pipeline/spam-endpoint.test.ts
        // tests them).
        QUOTE_CHALLENGE_SECRET: testChallengeSecret,
        QUOTE_RATE_LIMIT: "off",
        // Nothing shed because a parallel test run starves the machine (the event loop lags):
        // these tests are about what the server answers; health.test.ts tests shedding.
        SHED_EVENT_LOOP_DELAY_MS: "0",
        ...this.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    this.exited = false;
    const append = (chunk: Buffer) => {
      this.output += chunk.toString();
      for (const check of this.outputWaiters) check();
    };
    child.stdout?.on("data", append);
    child.stderr?.on("data", append);
    // "close", not "exit": by then the pipes have given their last bytes. A stopped server's
    // pipes can close after the next one was started (stop waits for "exit"): only the current
    // server's close counts, or the next one's start would read it as its own exit.
    child.once("close", () => {
      if (this.child !== null && this.child !== child) return;
      this.exited = true;
      for (const check of this.outputWaiters) check();
    });
    // Ready is its own line, naming the port and its pid: an error about the port (already in
    // use) names the port too.
    await this.logged(new RegExp(`:${this.port} \\(pid ${child.pid}\\)`), 30_000);
  }

  /**
   * Resolves once the server's output matches `pattern`; fails if the process exits first. The
   * server logs after it answers, and its output reaches this process through a pipe: an answer
   * in hand does not mean its log line has arrived yet.
   */
  logged(pattern: RegExp, timeoutMs = 10_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = pattern.test(this.output);
        if (!found && !this.exited) return;
        clearTimeout(timer);
        this.outputWaiters.delete(check);
        if (found) resolve();
        else reject(new Error(`server exited before logging ${pattern}: ${this.output}`));
      };
      const timer = setTimeout(() => {
        this.outputWaiters.delete(check);
        reject(new Error(`not logged within ${timeoutMs} ms: ${pattern}\n${this.output}`));
      }, timeoutMs);
      this.outputWaiters.add(check);
      check();
    });
  }

  /** The server's resident memory in MB, as the kernel counts it (VmRSS; Linux). */
  residentMB(): number {
    const status = readFileSync(`/proc/${this.child?.pid}/status`, "utf8");
    return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]) / 1024;
  }

  /** SIGKILL: no shutdown, no last write, as a crash or an out-of-memory kill. */
  async kill(): Promise<void> {
    await this.signal("SIGKILL");
  }

  async stop(): Promise<void> {
    await this.signal("SIGTERM");
  }

  private async signal(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill(signal);
    await exited;
  }

  async destroy(): Promise<void> {
    await this.signal("SIGKILL");
    rmSync(this.folder, { recursive: true, force: true });
  }

  /** POSTs a quote request; resolves with the status and the parsed JSON answer. */
  async post(
    body: unknown,
    key: string | null,
  ): Promise<{ status: number; body: Record<string, unknown>; replayed: boolean }> {
    // Each post as the site's form sends it: a fresh solved challenge (each is accepted once,
    // so a request sent twice carries two) and an ordinary typing time.
    const headers: Record<string, string> = {
      "content-type": "application/json",
      ...(await personHeaders()),
    };
    if (key !== null) headers["idempotency-key"] = key;
    const response = await fetch(`${this.url}/api/contact`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    return {
      status: response.status,
      body: (await response.json()) as Record<string, unknown>,
      replayed: response.headers.get("idempotent-replayed") === "true",
    };
  }
}
