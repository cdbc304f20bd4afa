// A static host like Netlify or Cloudflare Pages, small enough to read: it serves public/ with
// exactly the headers public/_headers gives each path (every matching rule applies; a header set
// by two rules is joined with a comma, as Cloudflare Pages does), gzip when the browser accepts
// it, 404.html for unknown paths, and passes /api/* to the Gatsby Function server.
import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { pipeline } from "node:stream";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

const types = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".woff2": "font/woff2",
};
const compressible = /^(text\/|application\/(json|manifest\+json|xml)|image\/svg)/;

/** The rules of a `_headers` file: `[{ path, headers: [[name, value]] }]`, in file order. */
export function parseHeadersFile(text) {
  const rules = [];
  for (const line of text.split("\n")) {
    if (!line.trim() || line.trim().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      rules.push({ path: line.trim(), headers: [] });
      continue;
    }
    const separator = line.indexOf(":");
    const rule = rules.at(-1);
    if (!rule || separator < 0) throw new Error(`_headers: unreadable line "${line}"`);
    rule.headers.push([line.slice(0, separator).trim(), line.slice(separator + 1).trim()]);
  }
  return rules;
}

/** `*` matches anything, slashes included; anything else matches itself. */
function matches(pattern, urlPath) {
  const source = pattern
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${source}$`).test(urlPath);
}

/** The headers for a path: every matching rule's, a repeated name's values joined by ", ". */
export function headersFor(rules, urlPath) {
  const headers = new Map();
  for (const rule of rules.filter((candidate) => matches(candidate.path, urlPath))) {
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      headers.set(key, headers.has(key) ? `${headers.get(key)}, ${value}` : value);
    }
  }
  return headers;
}

/** The file a static host serves for a path, and the status it answers with. */
function resolveFile(root, urlPath) {
  const candidates = [urlPath, path.posix.join(urlPath, "index.html")];
  for (const candidate of candidates) {
    const file = path.join(root, candidate);
    if (file.startsWith(root) && existsSync(file) && statSync(file).isFile()) {
      return { file, status: 200 };
    }
  }
  return { file: path.join(root, "404.html"), status: 404 };
}

function proxy(request, response, apiTarget) {
  const target = new URL(request.url, apiTarget);
  const upstream = http.request(
    target,
    { method: request.method, headers: { ...request.headers, host: target.host } },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      pipeline(answer, response, () => {});
    },
  );
  upstream.on("error", () => {
    response.writeHead(502).end();
  });
  pipeline(request, upstream, () => {});
}

/** Starts the host; resolves to the listening server. */
export function startStaticHost({ root, port, apiTarget }) {
  const publicDir = path.resolve(root);
  const rules = parseHeadersFile(readFileSync(path.join(publicDir, "_headers"), "utf8"));
  const server = http.createServer((request, response) => {
    const urlPath = decodeURIComponent(new URL(request.url, "http://host").pathname);
    if (urlPath.startsWith("/api/")) return proxy(request, response, apiTarget);
    if (request.method !== "GET" && request.method !== "HEAD") {
      return response.writeHead(405, { Allow: "GET, HEAD" }).end();
    }
    const { file, status } = resolveFile(publicDir, urlPath);
    const type = types[path.extname(file)] ?? "application/octet-stream";
    const headers = Object.fromEntries(headersFor(rules, urlPath));
    headers["content-type"] = type;
    headers["vary"] = "Accept-Encoding";
    const gzip =
      compressible.test(type) && /\bgzip\b/.test(request.headers["accept-encoding"] ?? "");
    if (gzip) headers["content-encoding"] = "gzip";
    response.writeHead(status, headers);
    if (request.method === "HEAD") return response.end();
    const body = createReadStream(file);
    pipeline(gzip ? [body, zlib.createGzip(), response] : [body, response], () => {});
  });
  return new Promise((resolve) => server.listen(port, () => resolve(server)));
}

// `node e2e/static-host.mjs`: try the build as the host will serve it (the endpoint through
// `npm run serve` on port 9000), on http://localhost:8080 or HOST_PORT.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.HOST_PORT ?? 8080);
  await startStaticHost({
    root: "public",
    port,
    apiTarget: process.env.API_TARGET ?? "http://localhost:9000",
  });
  console.log(`public/ with its _headers on http://localhost:${port}`);
}
