import fastifyStatic from "@fastify/static";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { SiteFiles, SiteSource } from "../site-files";

// The built site: each file with the headers of its release's _headers, Brotli or gzip copies made
// at build time (src/build/precompress.ts), 404.html for unknown paths. A GET under /api/ that no
// route takes, and every other answer when no route answers or one fails, is ./errors.ts's,
// registered before this plugin. Not encapsulated (fastify-plugin): the routes of the other
// plugins answer with the same headers (`reply.withHostHeaders`).

declare module "fastify" {
  interface FastifyReply {
    /** The headers the live release's _headers gives this request's path (or `rulePath`). */
    withHostHeaders(rulePath?: string, files?: SiteFiles): FastifyReply;
    /** A JSON answer that is never cached, with the site's headers. */
    sendJson(status: number, body: unknown, headers?: Record<string, string>): FastifyReply;
  }
}

export interface SitePluginOptions {
  /** The built site: public/ read once at start, or the live release (../site-files.ts). */
  site: SiteSource;
}

/** The file served for a URL path, as a static host does: the file, else the folder's index. */
export function resolveFile(files: ReadonlySet<string>, urlPath: string): string | undefined {
  const relative = urlPath.slice(1);
  if (files.has(relative)) return relative;
  const index = relative === "" || relative.endsWith("/") ? "index.html" : "/index.html";
  return files.has(relative + index) ? relative + index : undefined;
}

/**
 * The path whose _headers rules apply to a file: a page's route as the build writes it (`/`,
 * `/mentions-legales/`, `/admin/`), the file's own path for anything else. So a page gets its
 * policy by whichever of its addresses it is asked for.
 */
export function rulesPath(file: string): string {
  return `/${file.replace(/(^|\/)index\.html$/, "$1")}`;
}

/** The URL's path, decoded; undefined when it cannot be (a lone `%`, bytes that are not UTF-8). */
export function urlPathOf(url: string): string | undefined {
  const rawPath = url.split("?", 1)[0] ?? "/";
  try {
    return decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
}

/**
 * The site's pages are routes without a final slash, each named in _headers. Any other folder
 * (the admin) is asked for with its slash, as its relative links need: /admin → /admin/.
 */
const wantsSlash = (files: SiteFiles, urlPath: string, file: string) =>
  file.endsWith("index.html") &&
  file !== urlPath.slice(1) &&
  !urlPath.endsWith("/") &&
  !files.routes.has(urlPath);

/** One built site's 404 page, with its headers. */
export const sendNotFound = (reply: FastifyReply, files: SiteFiles) =>
  reply.withHostHeaders(rulesPath("404.html"), files).code(404).sendFile("/404.html", files.root);

/**
 * Answers a GET or HEAD from one built site (`files`): its file for the path with that file's
 * headers, the slash its folders need, or its 404 page.
 */
export function sendFrom(request: FastifyRequest, reply: FastifyReply, files: SiteFiles) {
  const urlPath = urlPathOf(request.url);
  const file = urlPath === undefined ? undefined : resolveFile(files.files, urlPath);
  if (file === undefined || urlPath === undefined) return sendNotFound(reply, files);
  if (wantsSlash(files, urlPath, file)) {
    const queryAt = request.url.indexOf("?");
    const query = queryAt === -1 ? "" : request.url.slice(queryAt);
    return reply.withHostHeaders(urlPath, files).redirect(`${encodeURI(urlPath)}/${query}`, 301);
  }
  return reply.withHostHeaders(rulesPath(file), files).sendFile(`/${file}`, files.root);
}

export default fp<SitePluginOptions>(
  async (app, { site }) => {
    app.decorateReply(
      "withHostHeaders",
      function (this: FastifyReply, rulePath?: string, files = site.current()) {
        const path = rulePath ?? urlPathOf(this.request.url) ?? "/";
        for (const [name, value] of files.hostHeaders(path)) this.header(name, value);
        return this;
      },
    );
    app.decorateReply(
      "sendJson",
      function (this: FastifyReply, status: number, body: unknown, headers = {}) {
        return this.withHostHeaders()
          .code(status)
          .headers({
            "content-type": "application/json; charset=utf-8",
            "cache-control": "no-store",
            ...headers,
          })
          .send(JSON.stringify(body));
      },
    );

    // The sendFile decorator only (serve: false): which file answers which path is decided below,
    // from the list of built files, never by a look at the disk with a path a client chose.
    await app.register(fastifyStatic, {
      // Each answer names its release's folder (sendFile's second argument): this one is unused.
      root: site.current().root,
      serve: false,
      preCompressed: true,
      // Cache-Control comes from _headers alone.
      cacheControl: false,
      dotfiles: "allow",
    });

    app.route({
      method: ["GET", "HEAD"],
      url: "/*",
      exposeHeadRoute: false,
      handler: (request, reply) => {
        const urlPath = urlPathOf(request.url);
        if (urlPath?.startsWith("/api/")) return reply.sendOtherMethod();
        // One release for the whole answer: its file, its headers.
        const live = site.current();
        const file = urlPath === undefined ? undefined : resolveFile(live.files, urlPath);
        if (file === undefined || urlPath === undefined) {
          const older = urlPath === undefined ? undefined : site.olderWith(urlPath.slice(1));
          if (older && urlPath) {
            const lent = urlPath.slice(1);
            return reply.withHostHeaders(rulesPath(lent), older).sendFile(`/${lent}`, older.root);
          }
          return sendNotFound(reply, live);
        }
        return sendFrom(request, reply, live);
      },
    });
  },
  { name: "site", fastify: "5.x", dependencies: ["errors"] },
);
