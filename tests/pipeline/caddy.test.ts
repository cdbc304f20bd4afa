import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpsRequest } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { personHeaders } from "../../src/test-utils/anti-bot";
import { answerOf, type Answer } from "../../src/test-utils/http-answer";
import { sampleRequest, waitFor } from "./support/leads";
import { SiteProcess } from "./support/site-process";

// Caddy in front of the server, as docs/operations.md installs it: Debian's caddy run from the
// shipped ops/Caddyfile (its own certificates on loopback, `local_certs`), `npm run serve` behind
// it with TRUST_PROXY=127.0.0.1, the real build. What a visitor gets through it must be what the
// server sends, and the rate limit must count the visitor's address, not Caddy's nor a forged one.

const serverPort = 9785;
const httpsPort = 9786;
const site = new SiteProcess(
  serverPort,
  {
    TRUST_PROXY: "127.0.0.1",
    QUOTE_RATE_LIMIT: "address=2/10m",
    SITE_URL: `https://site.localhost:${httpsPort}`,
    TEAM_URL: `https://equipe.localhost:${httpsPort}`,
  },
  { realBuild: true },
);
const caddyHome = mkdtempSync(join(tmpdir(), "caddy-"));
let caddy: ChildProcess;
let caddyOutput = "";

/** A request to Caddy for `host`, from the loopback address `from`, trusting Caddy's own CA. */
function throughCaddy(
  host: string,
  path: string,
  options: { from?: string; method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest(
      {
        host: "127.0.0.1",
        port: httpsPort,
        path,
        method: options.method ?? "GET",
        servername: host,
        localAddress: options.from ?? "127.0.0.2",
        // Caddy's local authority signed it: this test does not install its root anywhere.
        rejectUnauthorized: false,
        headers: { host: `${host}:${httpsPort}`, ...options.headers },
      },
      (response) => resolve(answerOf(response)),
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

beforeAll(async () => {
  await site.start();
  caddy = spawn("caddy", ["run", "--adapter", "caddyfile", "--config", "ops/Caddyfile"], {
    cwd: join(__dirname, "..", ".."),
    env: {
      PATH: process.env.PATH,
      HOME: caddyHome,
      XDG_DATA_HOME: caddyHome,
      XDG_CONFIG_HOME: caddyHome,
      SITE_HOST: "site.localhost",
      TEAM_HOST: "equipe.localhost",
      UPSTREAM: `127.0.0.1:${serverPort}`,
      CADDY_GLOBAL_OPTIONS: [
        "admin off",
        "local_certs",
        "skip_install_trust",
        "default_bind 127.0.0.1",
        "http_port 9787",
        `https_port ${httpsPort}`,
      ].join("\n"),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  caddy.stdout?.on("data", (chunk: Buffer) => (caddyOutput += chunk.toString()));
  caddy.stderr?.on("data", (chunk: Buffer) => (caddyOutput += chunk.toString()));
  await waitFor(
    async () => (await throughCaddy("site.localhost", "/").catch(() => null))?.status === 200,
    30_000,
    "Caddy serving the site",
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n${caddyOutput}`);
  });
}, 60_000);

afterAll(async () => {
  caddy?.kill("SIGTERM");
  await site.destroy();
  rmSync(caddyHome, { recursive: true, force: true });
});

test("a page through Caddy: the server's own headers and compressed bytes, untouched, with HSTS", async () => {
  const direct = await fetch(`${site.url}/`, { headers: { "accept-encoding": "br" } });
  const proxied = await throughCaddy("site.localhost", "/", {
    headers: { "accept-encoding": "br" },
  });
  expect(proxied.status).toBe(200);
  expect(proxied.headers["content-security-policy"]).toBe(
    direct.headers.get("content-security-policy"),
  );
  expect(proxied.headers["strict-transport-security"]).toBe(
    direct.headers.get("strict-transport-security"),
  );
  expect(proxied.headers["content-encoding"]).toBe("br");
  // The server's Brotli copy, passed as it is: it decodes to the page the server sends.
  expect(brotliDecompressSync(proxied.body).toString("utf8")).toBe(await direct.text());
});

test("the team's host reaches the inbox alone, over TLS, with HSTS; the site's sends it there", async () => {
  const inbox = await throughCaddy("equipe.localhost", "/equipe/");
  expect(inbox.status).toBe(200);
  expect(inbox.headers["strict-transport-security"]).toBeDefined();
  expect(inbox.body.toString()).toContain("<!doctype html>");
  expect(inbox.body.toString()).toContain("Boîte des demandes");
  // The admin and its bundle are the site's: nowhere on the team's origin.
  expect((await throughCaddy("equipe.localhost", "/admin/")).status).toBe(404);
  const fromSite = await throughCaddy("site.localhost", "/equipe/");
  expect(fromSite.status).toBe(302);
  expect(fromSite.headers.location).toBe(`https://equipe.localhost:${httpsPort}/equipe/`);
});

test("quote requests: the rate limit counts each visitor's address as Caddy saw it, never a forged one", async () => {
  const post = async (from: string) => {
    const body = JSON.stringify({ ...sampleRequest, email: `${randomUUID()}@bailleur.test` });
    return throughCaddy("site.localhost", "/api/contact", {
      from,
      method: "POST",
      body,
      headers: {
        "content-type": "application/json",
        "idempotency-key": randomUUID(),
        // Forged: Caddy replaces it with the address it saw.
        "x-forwarded-for": "10.9.9.9",
        ...(await personHeaders()),
      },
    });
  };
  expect((await post("127.0.0.2")).status).toBe(201);
  expect((await post("127.0.0.2")).status).toBe(201);
  const third = await post("127.0.0.2");
  expect(third.status).toBe(429);
  expect(third.headers["retry-after"]).toBeDefined();
  // Another visitor behind the same proxy is not held back.
  expect((await post("127.0.0.3")).status).toBe(201);
});
