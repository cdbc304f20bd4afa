/** @jest-environment node */
// The production server over a small built site of its own (src/test-utils/fixture-site.ts):
// every answer's headers are compared with what its _headers file says.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { headersFor, parseHeadersFile } from "../host-headers";
import { fixedSite } from "../site-files";
import { resolveFile, rulesPath } from "../plugins/site";
import { personHeaders } from "../../../test-utils/anti-bot";
import { sampleRequest } from "../../../test-utils/leads";
import {
  bundle,
  expectHostHeaders,
  pages,
  startFixtureSite,
  type Answer,
  type FixtureSite,
} from "../../../test-utils/fixture-site";

let site: FixtureSite;
let get: FixtureSite["get"];

beforeAll(async () => {
  site = await startFixtureSite();
  ({ get } = site);
});

afterAll(() => site.close());

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

  it("without deploys, says so at /api/deploy/status and has no webhook", async () => {
    const status = await get("/api/deploy/status");
    expect(status.status).toBe(200);
    expect(JSON.parse(status.body.toString("utf8"))).toEqual({
      state: "off",
      live: null,
      building: null,
      failure: null,
    });
    expect((await get("/api/deploy/github", { method: "POST" })).status).toBe(404);
    expect((await get("/api/deploy/gitlab", { method: "POST" })).status).toBe(404);
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
  it("is called for POST /api/contact and /api/contact/ with the checked request", async () => {
    const before = await site.companies();
    const post = async (path: string, company: string) =>
      get(path, {
        method: "POST",
        headers: { "content-type": "application/json", ...(await personHeaders()) },
        body: JSON.stringify({ ...sampleRequest, company: `  ${company} ` }),
      });
    const answers = await Promise.all([
      post("/api/contact", "Habitat A"),
      post("/api/contact/", "Habitat B"),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    // Cleaned by the form's schema before the endpoint sees it.
    expect((await site.companies()).slice(before.length).sort()).toEqual([
      "Habitat A",
      "Habitat B",
    ]);
    expectHostHeaders(answers[0] as Answer, "/api/contact", "no-store");
  });

  it.each(["GET", "HEAD", "PUT", "DELETE", "OPTIONS"])(
    "answers %s with the one 405, Allow: POST, without calling it",
    async (method) => {
      const before = await site.companies();
      const answer = await get("/api/contact", { method });
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe("POST");
      if (method !== "HEAD") {
        expect(JSON.parse(answer.body.toString("utf8"))).toEqual({
          messageText: "Méthode non autorisée",
        });
      }
      expect(await site.companies()).toEqual(before);
    },
  );

  it.each([
    ["/api/challenge", "GET"],
    ["/api/cms/auth", "GET, HEAD"],
    ["/api/deploy/status", "GET, HEAD"],
  ])("answers a post to %s with 405 and Allow: %s", async (path, allow) => {
    const answer = await get(path, { method: "POST" });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe(allow);
  });

  it("refuses a repeated sign-in parameter before the sign-in reads it", async () => {
    const answer = await get("/api/cms/callback?state=a&state=b");
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body.toString("utf8"))).toEqual({ messageText: "Requête invalide" });
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
    expect(() => fixedSite(empty)).toThrow("npm run build");
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
    expect(String(answer.headers["set-cookie"])).toMatch(
      /^__Host-cms_auth_state=[\w-]{43}; Max-Age=600; Path=\/; HttpOnly; Secure;/,
    );
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
