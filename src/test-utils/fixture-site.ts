// A small built site of its own for the production server's tests: its pages, a bundle, an
// admin, and the _headers file a build would write, precompressed by the build's own module and
// served by the server as `npm run serve` assembles it (./test-server.ts); `get` asks for a path raw (fetch would decompress bodies and hide
// the encoding), and `expectHostHeaders` compares an answer with what _headers says.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { answerOf, type Answer } from "./http-answer";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { precompress } from "../build/precompress";
import { headersFor, parseHeadersFile } from "../server/http/host-headers";
import { testChallengeSecret } from "./anti-bot";
import { testConfig, testServer } from "./test-server";

export const spam = { secret: testChallengeSecret };

// The production server over a small built site of its own, precompressed by the build's own
// module: every answer's headers are compared with what its _headers file says.

export const bundle = "app-0123456789abcdef0123.js";
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
export const rules = parseHeadersFile(headersFile);

export const pages = {
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

export type { Answer };

export interface FixtureSite {
  base: string;
  /** The organisations of the requests stored, oldest first: what Fastify checked and handed over. */
  companies(): Promise<string[]>;
  /** A raw HTTP request to the site. */
  get(
    path: string,
    options?: { method?: string; headers?: Record<string, string>; body?: string },
  ): Promise<Answer>;
  close(): Promise<void>;
}

/** Writes the site to a folder of its own, precompresses it and serves it on a free port. */
export async function startFixtureSite(): Promise<FixtureSite> {
  const dir = mkdtempSync(join(tmpdir(), "site-server-"));
  const publicDir = join(dir, "public");
  for (const [file, text] of Object.entries(pages)) {
    mkdirSync(join(publicDir, file, ".."), { recursive: true });
    writeFileSync(join(publicDir, file), text);
  }
  await precompress(publicDir);
  // The server as it runs, on this site and a store of its own, with the admin's sign-in on; the
  // request log in memory, out of the test's output (its lines: request-id.test.ts).
  const app = await testServer(
    testConfig(dir, {
      CMS_GITHUB_CLIENT_ID: "Iv1.id",
      CMS_GITHUB_CLIENT_SECRET: "secret",
      CMS_GITHUB_URL: "https://ghe.example.fr",
    }),
    { publicDir },
  );
  await app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const get: FixtureSite["get"] = (path, { method = "GET", headers = {}, body } = {}) =>
    new Promise((resolve, reject) => {
      const request = httpRequest(`${base}${path}`, { method, headers }, (response) =>
        resolve(answerOf(response)),
      );
      request.on("error", reject);
      request.end(body);
    });
  return {
    base,
    companies: async () => (await app.store.leads.list()).map((lead) => lead.request.company),
    get,
    close: async () => {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Every header _headers gives `rulePath`, with its exact value; no CORS, no X-Powered-By; the
 * Cache-Control of _headers, or `cacheControl` for an answer that sets its own (the API's no-store).
 */
export function expectHostHeaders(answer: Answer, rulePath: string, cacheControl?: string) {
  const expected = headersFor(rules, rulePath);
  expect(expected.size).toBeGreaterThan(0);
  for (const [name, value] of expected) expect([name, answer.headers[name]]).toEqual([name, value]);
  const names = Object.keys(answer.headers);
  expect(names.filter((name) => /^(x-powered-by|access-control-|server$)/.test(name))).toEqual([]);
  if (cacheControl !== undefined) expect(answer.headers["cache-control"]).toBe(cacheControl);
  // Cache-Control comes from _headers alone.
  else if (!expected.has("cache-control")) expect(answer.headers["cache-control"]).toBeUndefined();
}
