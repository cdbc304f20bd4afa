/** @jest-environment node */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { request as httpRequest } from "node:http";
import type { FastifyInstance } from "fastify";
import { precompress } from "../../../build/precompress";
import type { QuoteEndpoint } from "../../quote-endpoint";
import { headersFor, parseHeadersFile } from "../host-headers";
import { createCmsAuth } from "../../cms-auth/cms-auth";
import { createSiteServer, resolveFile, rulesPath } from "../site-server";
import { testChallengeSecret } from "../../../test-utils/anti-bot";
import { captureLog } from "../../../test-utils/log-capture";

const spam = { secret: testChallengeSecret };

// The production server over a small built site of its own, precompressed by the build's own
// module: every answer's headers are compared with what its _headers file says.

const bundle = "app-0123456789abcdef0123.js";
const csp = "default-src 'self'; script-src 'self' 'sha256-abc='";
const headersFile = `# Written by the build
/*
  Strict-Transport-Security: max-age=31536000; includeSubDomains
  X-Content-Type-Options: nosniff
  X-Frame-Options: DENY
/
  Content-Security-Policy: ${csp}
  Cache-Control: public, max-age=0, must-revalidate
/404.html
  Content-Security-Policy: ${csp}
  Cache-Control: public, max-age=0, must-revalidate
/mentions-legales
  Content-Security-Policy: ${csp}
  Cache-Control: public, max-age=0, must-revalidate
/mentions-legales/
  Content-Security-Policy: ${csp}
  Cache-Control: public, max-age=0, must-revalidate
/admin/*
  Content-Security-Policy: default-src 'self'; script-src 'self' 'unsafe-eval'
/page-data/*
  Cache-Control: public, max-age=0, must-revalidate
/static/*
  Cache-Control: public, max-age=31536000, immutable
/${bundle}
  Cache-Control: public, max-age=31536000, immutable
`;
const rules = parseHeadersFile(headersFile);

const pages = {
  "index.html": `<!doctype html><html lang="fr"><title>Accueil</title>${"<p>Recouvrement</p>".repeat(200)}`,
  "404.html": `<!doctype html><html lang="fr"><title>Introuvable</title>${"<p>Accueil</p>".repeat(200)}`,
  "mentions-legales/index.html": `<!doctype html><title>Mentions</title>${"<p>Mentions</p>".repeat(200)}`,
  "admin/index.html": "<!doctype html><title>Admin</title>",
  [bundle]: "console.log('bundle');".repeat(200),
  "page-data/index/page-data.json": JSON.stringify({ path: "/", padding: "x".repeat(2000) }),
  "static/logo.png": "\x89PNG fake image bytes",
  "favicon.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>",
  _headers: headersFile,
  "nginx-headers.conf": "location / {}",
};

let dir: string;
let app: FastifyInstance;
let base: string;
const calls: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "site-server-"));
  const publicDir = join(dir, "public");
  for (const [file, text] of Object.entries(pages)) {
    mkdirSync(join(publicDir, file, ".."), { recursive: true });
    writeFileSync(join(publicDir, file), text);
  }
  await precompress(publicDir);
  const endpoint: QuoteEndpoint = async (request) => {
    calls.push(`${request.method} ${request.clientAddress}`);
    return { status: 201, headers: { "content-type": "application/json" }, body: { id: "x" } };
  };
  const cmsAuth = createCmsAuth({
    settings: { clientId: "Iv1.id", clientSecret: "secret", githubUrl: "https://ghe.example.fr" },
  });
  // The request log in memory, out of the test's output (its lines: request-id.test.ts).
  app = await createSiteServer({ publicDir, endpoint, spam, cmsAuth, log: captureLog().log });
  await app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw HTTP request (fetch would decompress bodies and hide the encoding). */
function get(
  path: string,
  { method = "GET", headers = {} }: { method?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${base}${path}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}

/** Every header _headers gives `rulePath`, with its exact value; no CORS, no X-Powered-By. */
function expectHostHeaders(answer: Answer, rulePath: string) {
  const expected = headersFor(rules, rulePath);
  expect(expected.size).toBeGreaterThan(0);
  for (const [name, value] of expected) expect([name, answer.headers[name]]).toEqual([name, value]);
  const names = Object.keys(answer.headers);
  expect(names.filter((name) => /^(x-powered-by|access-control-|server$)/.test(name))).toEqual([]);
  // Cache-Control comes from _headers alone.
  if (!expected.has("cache-control")) expect(answer.headers["cache-control"]).toBeUndefined();
}

describe("files and their headers", () => {
  it.each([
    ["/", "index.html", "/"],
    ["/mentions-legales", "mentions-legales/index.html", "/mentions-legales"],
    ["/mentions-legales/", "mentions-legales/index.html", "/mentions-legales/"],
    // The page's policy by whichever of its addresses it is asked for.
    ["/mentions-legales/index.html", "mentions-legales/index.html", "/mentions-legales/"],
    ["/admin/", "admin/index.html", "/admin/"],
    [`/${bundle}`, bundle, `/${bundle}`],
    [
      "/page-data/index/page-data.json",
      "page-data/index/page-data.json",
      "/page-data/index/page-data.json",
    ],
    ["/static/logo.png", "static/logo.png", "/static/logo.png"],
    ["/favicon.svg", "favicon.svg", "/favicon.svg"],
    ["/?utm_source=lettre", "index.html", "/"],
  ])("%s: 200, the file, the headers of _headers", async (path, file, rulePath) => {
    const answer = await get(path);
    expect(answer.status).toBe(200);
    expect(answer.body.toString("utf8")).toBe(pages[file as keyof typeof pages]);
    expectHostHeaders(answer, rulePath);
  });

  it("answers HEAD with the headers and no body", async () => {
    const answer = await get("/mentions-legales", { method: "HEAD" });
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(0);
    expectHostHeaders(answer, "/mentions-legales");
  });
});

it("sends a folder that is not a page to its address with a slash, as its relative links need", async () => {
  const answer = await get("/admin?x=1");
  expect(answer.status).toBe(301);
  expect(answer.headers.location).toBe("/admin/?x=1");
  expectHostHeaders(answer, "/admin");
});

describe("precompressed files", () => {
  it.each([
    ["br", "br", (body: Buffer) => brotliDecompressSync(body)],
    ["gzip, deflate", "gzip", (body: Buffer) => gunzipSync(body)],
    ["gzip, deflate, br, zstd", "br", (body: Buffer) => brotliDecompressSync(body)],
  ])("Accept-Encoding %s: the build's %s copy", async (accepted, encoding, decode) => {
    for (const [path, file] of [
      ["/", "index.html"],
      [`/${bundle}`, bundle],
    ] as const) {
      const answer = await get(path, { headers: { "accept-encoding": accepted } });
      expect(answer.headers["content-encoding"]).toBe(encoding);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers["content-type"]).toMatch(
        file.endsWith(".js") ? /javascript/ : /^text\/html/,
      );
      expect(decode(answer.body).toString("utf8")).toBe(pages[file]);
      expectHostHeaders(answer, path);
    }
  });

  it("sends the file as it is without Accept-Encoding, and small files always", async () => {
    expect((await get("/")).headers["content-encoding"]).toBeUndefined();
    const small = await get("/favicon.svg", { headers: { "accept-encoding": "br" } });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.body.toString("utf8")).toBe(pages["favicon.svg"]);
  });
});

describe("unknown paths and other methods", () => {
  it.each([
    "/une-page-inconnue",
    "/static/absent.png",
    `/${bundle.replace("0123", "9999")}`,
    "/_headers",
    "/nginx-headers.conf",
    "/index.html.br",
    "/../package.json",
    "/%2e%2e/package.json",
  ])("%s: 404.html with 404 and 404.html's headers, never a long cache", async (path) => {
    const answer = await get(path, { headers: { "accept-encoding": "gzip" } });
    expect(answer.status).toBe(404);
    expect(gunzipSync(answer.body).toString("utf8")).toBe(pages["404.html"]);
    expectHostHeaders(answer, "/404.html");
  });

  it("answers another method on a page with a French 405", async () => {
    const answer = await get("/mentions-legales", { method: "POST" });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe("GET, HEAD");
    expect(JSON.parse(answer.body.toString("utf8"))).toEqual({
      messageText: "Méthode non autorisée",
    });
  });

  it("answers an unknown /api/ path with a French JSON 404", async () => {
    for (const method of ["GET", "POST"]) {
      const answer = await get("/api/inconnu", { method });
      expect(answer.status).toBe(404);
      expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(JSON.parse(answer.body.toString("utf8"))).toEqual({
        messageText: "Ressource introuvable",
      });
    }
  });

  it("answers an undecodable URL with a French 400", async () => {
    const answer = await get("/%E0%A4%A");
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body.toString("utf8"))).toEqual({ messageText: "Requête invalide" });
    // The shared headers; a refusal is never cached.
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.headers["cache-control"]).toBe("no-store");
  });
});

describe("the quote endpoint", () => {
  it("is called for /api/contact and /api/contact/, any method, with the client's address", async () => {
    calls.length = 0;
    const answers = await Promise.all([
      get("/api/contact", { method: "POST" }),
      get("/api/contact/", { method: "GET" }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    expect(calls.sort()).toEqual(["GET 127.0.0.1", "POST 127.0.0.1"]);
    expectHostHeaders(answers[0] as Answer, "/api/contact");
  });
});

describe("host headers", () => {
  it("applies every matching rule in file order; * matches across slashes", () => {
    const parsed = parseHeadersFile("/*\n  A: 1\n/a/*\n  B: 2\n  A: 3\n/a/b\n  C: 4\n");
    expect([...headersFor(parsed, "/a/b/c")]).toEqual([
      ["a", "1, 3"],
      ["b", "2"],
    ]);
    expect([...headersFor(parsed, "/a/b")]).toEqual([
      ["a", "1, 3"],
      ["b", "2"],
      ["c", "4"],
    ]);
    expect([...headersFor(parsed, "/ab")]).toEqual([["a", "1"]]);
  });

  it("refuses a header line outside a rule", () => {
    expect(() => parseHeadersFile("  A: 1\n")).toThrow("unreadable");
  });
});

describe("path helpers", () => {
  const files = new Set(["index.html", "a/index.html", "a/b.js"]);
  it.each([
    ["/", "index.html"],
    ["/a", "a/index.html"],
    ["/a/", "a/index.html"],
    ["/a/b.js", "a/b.js"],
    ["/a/b.js/", undefined],
    ["//a", undefined],
    ["/b", undefined],
  ])("resolveFile(%j) is %j", (path, file) => {
    expect(resolveFile(files, path)).toBe(file);
  });

  it.each([
    ["index.html", "/"],
    ["a/index.html", "/a/"],
    ["404.html", "/404.html"],
    ["a/b.js", "/a/b.js"],
  ])("rulesPath(%j) is %j", (file, path) => {
    expect(rulesPath(file)).toBe(path);
  });

  it("refuses to start without a built site", async () => {
    const empty = mkdtempSync(join(tmpdir(), "no-site-"));
    await expect(createSiteServer({ publicDir: empty, endpoint: jest.fn(), spam })).rejects.toThrow(
      "npm run build",
    );
    rmSync(empty, { recursive: true });
  });
});

describe("the admin's sign-in", () => {
  it("sends the popup to GitHub from the address the browser used, with the state's cookie", async () => {
    const answer = await get("/api/cms/auth?provider=github", {
      headers: { host: "admin.example.fr:8443" },
    });
    expect(answer.status).toBe(302);
    const location = new URL(String(answer.headers.location));
    expect(location.origin).toBe("https://ghe.example.fr");
    expect(location.searchParams.get("redirect_uri")).toBe(
      "http://admin.example.fr:8443/api/cms/callback",
    );
    expect(String(answer.headers["set-cookie"])).toMatch(/^cms_auth_state=[\w-]{43}; Max-Age=600;/);
    // The shared security headers of _headers, as on every answer.
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("ends a callback without its cookie on the popup page, in French", async () => {
    const answer = await get("/api/cms/callback?code=c&state=s");
    expect(answer.status).toBe(400);
    expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(answer.headers["content-security-policy"]).toMatch(
      /^default-src 'none'; script-src 'sha256-/,
    );
    expect(answer.body.toString()).toContain("n'a pas pu être vérifiée");
  });
});
