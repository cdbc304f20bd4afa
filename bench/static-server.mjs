// @ts-check
// A static folder served on loopback the way our production server serves public/: each text
// file's Brotli copy made once, at the level our build uses (src/build/precompress.ts), before
// the first request, and sent to a browser that accepts it. The benchmark serves the peer sites
// with it (bench/peers.mjs), so that their pages and ours travel compressed alike.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import zlib from "node:zlib";

// The rules of src/build/precompress.ts, which the build applies to our own files.
const compressible = /\.(html|js|css|json|svg|xml|txt|webmanifest)$/;
const minBytes = 1024;
/** @param {number} bytes */
const brotliQuality = (bytes) => (bytes > 1_000_000 ? 9 : zlib.constants.BROTLI_MAX_QUALITY);

/** @type {Record<string, string>} */
const contentTypes = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
};

/**
 * Every file under `root` with its Brotli copy (when worth one), keyed by its path from `root`
 * with forward slashes.
 * @param {string} root
 */
function loadFolder(root) {
  /** @type {Map<string, { body: Buffer, brotli?: Buffer }>} */
  const files = new Map();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.endsWith(".map")) continue;
    const file = path.join(entry.parentPath, entry.name);
    const body = readFileSync(file);
    const key = path.relative(root, file).split(path.sep).join("/");
    const brotli =
      compressible.test(entry.name) && body.length >= minBytes
        ? zlib.brotliCompressSync(body, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality(body.length),
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          })
        : undefined;
    files.set(key, { body, brotli: brotli && brotli.length < body.length ? brotli : undefined });
  }
  return files;
}

/**
 * The file a request path names: itself, or the folder's index.html, or the page's .html.
 * @param {Map<string, unknown>} files
 * @param {string} pathname
 */
function resolve(files, pathname) {
  const key = decodeURIComponent(pathname).replace(/^\/+/, "");
  const candidates = key === "" || key.endsWith("/") ? [`${key}index.html`] : [key];
  if (!path.extname(key)) candidates.push(`${key}/index.html`, `${key}.html`);
  return candidates.find((candidate) => files.has(candidate));
}

/**
 * Serves `root` on loopback at `port` until `stop()`. Answers GET and HEAD; a path with no file
 * gets the folder's 404.html (or an empty page) with status 404.
 * @param {{ root: string, port: number }} options
 */
export async function startStaticServer({ root, port }) {
  if (!statSync(root).isDirectory()) throw new Error(`${root} is not a folder`);
  const files = loadFolder(root);
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? "/", "http://localhost");
    const found = resolve(files, pathname);
    const key = found ?? "404.html";
    const file = files.get(key);
    const acceptsBrotli = /\bbr\b/.test(String(request.headers["accept-encoding"] ?? ""));
    const brotli = acceptsBrotli ? file?.brotli : undefined;
    const sent = brotli ?? file?.body ?? Buffer.alloc(0);
    const extension = path.extname(key);
    response.writeHead(found ? 200 : 404, {
      "Content-Type": contentTypes[extension] ?? "application/octet-stream",
      "Content-Length": String(sent.length),
      ...(brotli ? { "Content-Encoding": "br" } : {}),
      Vary: "Accept-Encoding",
      // As Gatsby's and Astro's hosting guides advise: pages revalidated, hashed assets kept.
      "Cache-Control":
        extension === ".html" ? "public, max-age=0, must-revalidate" : "public, max-age=31536000",
    });
    response.end(request.method === "HEAD" ? undefined : sent);
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(undefined));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    /** @returns {Promise<void>} */
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
