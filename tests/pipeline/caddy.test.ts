import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpsRequest } from "node:https";
import { tmpdir } from "node:os";
import type { TLSSocket } from "node:tls";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { personHeaders } from "../../src/test-utils/anti-bot";
import { answerOf, type Answer } from "../../src/test-utils/http-answer";
import { sampleRequest, waitFor } from "./support/leads";
import { SiteProcess } from "./support/site-process";
import { previewName } from "../../src/server/deploy/preview-names";
import { addPreviewBuild, writePreview } from "../../src/server/deploy/previews";

const projectRoot = join(__dirname, "..", "..");

// Caddy in front of the server, as docs/operations.md installs it: Debian's caddy run from the
// shipped ops/Caddyfile (its own certificates on loopback, `local_certs`), `npm run serve` behind
// it with TRUST_PROXY=127.0.0.1, the real build. What a visitor gets through it must be what the
// server sends, and the rate limit must count the visitor's address, not Caddy's nor a forged one.

const serverPort = 9785;
const httpsPort = 9786;
const caddyHome = mkdtempSync(join(tmpdir(), "caddy-"));
const deployDir = join(caddyHome, "deploy");
const webhookSecret = "the webhook's secret, 32 characters";
const site = new SiteProcess(
  serverPort,
  {
    TRUST_PROXY: "127.0.0.1",
    QUOTE_RATE_LIMIT: "address=2/10m",
    SITE_URL: `https://site.localhost:${httpsPort}`,
    TEAM_URL: `https://equipe.localhost:${httpsPort}`,
    // Previews on, one on disk (a draft's, as a deploy leaves it): the repository is never asked.
    DEPLOY_GIT_URL: join(caddyHome, "no-repository.git"),
    DEPLOY_WEBHOOK_SECRET: webhookSecret,
    DEPLOY_DIR: deployDir,
    CMS_REPO: "hestia/site",
    PREVIEW_URL: `https://{name}.apercu.localhost:${httpsPort}`,
  },
  { realBuild: true },
);
const draftBranch = "cms/figures/figures";
const previewHost = `${previewName(draftBranch, webhookSecret)}.apercu.localhost`;
let caddy: ChildProcess;
let caddyOutput = "";

/** A request to Caddy for `host`, from the loopback address `from`, trusting Caddy's own CA. */
function throughCaddy(
  host: string,
  path: string,
  options: { from?: string; method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer & { certificate: string }> {
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
      (response) => {
        // The names the certificate Caddy presented covers.
        const names = (response.socket as TLSSocket).getPeerCertificate().subjectaltname ?? "";
        resolve(answerOf(response).then((answer) => ({ ...answer, certificate: names })));
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

beforeAll(async () => {
  writePreview(deployDir, {
    name: previewName(draftBranch, webhookSecret),
    branch: draftBranch,
    pushedAt: new Date().toISOString(),
    state: "live",
    live: { commit: "a".repeat(40), builtAt: new Date().toISOString() },
    failure: null,
  });
  addPreviewBuild(deployDir, previewName(draftBranch, webhookSecret), projectRoot, "a".repeat(40));
  // The wildcard certificate a DNS challenge would bring, made here by openssl.
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-keyout",
      join(caddyHome, "apercu.key"),
      "-out",
      join(caddyHome, "apercu.pem"),
      "-subj",
      "/CN=*.apercu.localhost",
      "-addext",
      "subjectAltName=DNS:*.apercu.localhost",
    ],
    { stdio: "ignore" },
  );
  await site.start();
  caddy = spawn("caddy", ["run", "--adapter", "caddyfile", "--config", "ops/Caddyfile"], {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH,
      HOME: caddyHome,
      XDG_DATA_HOME: caddyHome,
      XDG_CONFIG_HOME: caddyHome,
      SITE_HOST: "site.localhost",
      TEAM_HOST: "equipe.localhost",
      HESTIA_CADDY_SITES: join(projectRoot, "ops", "caddy"),
      PREVIEW_DOMAIN: "apercu.localhost",
      PREVIEW_CERT: join(caddyHome, "apercu.pem"),
      PREVIEW_KEY: join(caddyHome, "apercu.key"),
      UPSTREAM: `127.0.0.1:${serverPort}`,
      CADDY_GLOBAL_OPTIONS: [
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

test("Caddy's admin API answers nobody: the shipped file turns it off", async () => {
  // Its default address: with the API on, GET /config/ there would answer 200 with the routes.
  const answer = await fetch("http://127.0.0.1:2019/config/").then(
    (response) => `${response.status}`,
    (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
  );
  expect(answer).toBe("ECONNREFUSED");
  const adapted = execFileSync("caddy", ["adapt", "--config", "ops/Caddyfile"], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH, HOME: caddyHome },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  expect(JSON.parse(adapted)).toMatchObject({ admin: { disabled: true } });
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

test("the previews' hosts, under one wildcard certificate: a draft's is served, not indexed; a guessed name gets the French page", async () => {
  const preview = await throughCaddy(previewHost, "/");
  expect(preview.status).toBe(200);
  expect(preview.headers["x-robots-tag"]).toBe("noindex, nofollow");
  expect(preview.headers["strict-transport-security"]).toBeDefined();
  expect(preview.certificate).toContain("*.apercu.localhost");
  const guessed = await throughCaddy("figures-aaaaaaaaaaaaaaaa.apercu.localhost", "/");
  expect(guessed.status).toBe(404);
  expect(guessed.body.toString()).toContain("Cet aperçu n&#x27;existe pas ou n&#x27;existe plus");
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
