import fastifyStatic from "@fastify/static";
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import type { ErrorBody } from "../../shared/quote-request/quote-api";
import type { TrustProxy } from "../config";
import { requestIdGenerator } from "../log/request-id";
import { processLogger } from "../log/logger";
import { createCmsAuth, type CmsAuth } from "../cms-auth/cms-auth";
import type { QuoteEndpoint } from "../quote-endpoint";
import type { SpamSettings } from "../spam/screen";
import { oneLine } from "../one-line";
import type { Deployer } from "../deploy/deployer";
import { addApiRoutes } from "./api-routes";
import { addDeployRoutes } from "./deploy-routes";
import type { SiteFiles, SiteSource } from "./site-files";

// The production server: the built site in public/ with the headers of its own _headers file,
// Brotli or gzip files made at build time (src/build/precompress.ts), 404.html for unknown paths,
// and the /api/ routes (./api-routes.ts). Fastify adds no X-Powered-By and no CORS header.

export interface SiteServerOptions {
  /** The built site: public/ read once at start, or the live release (./site-files.ts). */
  site: SiteSource;
  /** The quote endpoint, made once for the life of the process. */
  endpoint: QuoteEndpoint;
  /** Fastify's `trustProxy`: which proxies' X-Forwarded-For give the client's address. */
  trustProxy?: TrustProxy;
  /** The anti-bot settings, the endpoint's own: the challenge route signs with its secret. */
  spam: Pick<SpamSettings, "secret">;
  /** The logger requests log through (the process's by default); tests read their own. */
  log?: FastifyBaseLogger;
  /** The admin's GitHub sign-in (src/server/cms-auth/); without it, it answers "not configured". */
  cmsAuth?: CmsAuth;
  /** Publishing on push (src/server/deploy/): its webhook and status routes; none without. */
  deployer?: Deployer;
}

const messages = {
  notFound: "Ressource introuvable",
  methodNotAllowed: "Méthode non autorisée",
  badRequest: "Requête invalide",
  serverError: "Une erreur est survenue sur le serveur, veuillez réessayer",
} as const;

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
function urlPathOf(url: string): string | undefined {
  const rawPath = url.split("?", 1)[0] ?? "/";
  try {
    return decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
}

export async function createSiteServer({
  site,
  endpoint,
  trustProxy = false,
  spam,
  log = processLogger() as FastifyBaseLogger,
  cmsAuth = createCmsAuth({ settings: undefined }),
  deployer,
}: SiteServerOptions): Promise<FastifyInstance> {
  // The site's pages are routes without a final slash, each named in _headers. Any other folder
  // (the admin) is asked for with its slash, as its relative links need: /admin → /admin/.
  const wantsSlash = (files: SiteFiles, urlPath: string, file: string) =>
    file.endsWith("index.html") &&
    file !== urlPath.slice(1) &&
    !urlPath.endsWith("/") &&
    !files.routes.has(urlPath);
  const app = Fastify({
    // One JSON line per request, written by the onResponse hook below, with the request's id;
    // Fastify's own two lines (received, completed) would double the log for nothing.
    loggerInstance: log,
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: "reqId" }),
    genReqId: requestIdGenerator(trustProxy),
    trustProxy,
    // A client that sends its request slower than this is cut off, so that slow clients
    // cannot hold connections open at will.
    requestTimeout: 30_000,
    return503OnClosing: false,
    // Errors Fastify meets before any route (an undecodable URL): the same French JSON.
    frameworkErrors: (error, request, reply) => {
      void sendJson(request, reply, error.statusCode ?? 400, { messageText: messages.badRequest });
    },
  });

  /** The headers the live release's _headers gives `rulePath`, then the answer's own. */
  const withHostHeaders = (reply: FastifyReply, rulePath: string, files = site.current()) => {
    for (const [name, value] of files.hostHeaders(rulePath)) reply.header(name, value);
    return reply;
  };

  const sendJson = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    body: ErrorBody,
    headers: Record<string, string> = {},
  ) =>
    withHostHeaders(reply, urlPathOf(request.url) ?? "/")
      .code(status)
      .headers({
        "content-type": "application/json; charset=utf-8",
        "cache-control": "no-store",
        ...headers,
      })
      .send(JSON.stringify(body));

  const sendNotFoundPage = (reply: FastifyReply, files = site.current()) =>
    withHostHeaders(reply, rulesPath("404.html"), files)
      .code(404)
      .sendFile("/404.html", files.root);

  // Once closing (SIGTERM), every answer closes its connection: left open for another request,
  // it would hold the shutdown until its keep-alive timeout. A request that still arrives on a
  // connection opened before is served (not Fastify's English 503), then its connection closed.
  let closing = false;
  app.addHook("preClose", (done) => {
    closing = true;
    done();
  });
  app.addHook("onSend", async (request, reply, payload) => {
    // serve.ts stops listening before Fastify's close: from then on too.
    if (closing || !app.server.listening) reply.header("connection", "close");
    // The id the log lines of this request carry, for whoever reports a problem with it.
    reply.header("x-request-id", request.id);
    return payload;
  });
  // What the privacy policy says technical logs hold (content/legal/politique-confidentialite.md):
  // the address, the page asked for, the answer's code; the path without its query string, which
  // may carry anything a visitor typed.
  app.addHook("onResponse", async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        path: request.url.split("?", 1)[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        ip: request.ip,
      },
      "request",
    );
  });

  // No parser reads a body: the quote endpoint reads its own, stopping past its limit, and no
  // other route takes one.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null));

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

  const quote = addApiRoutes(app, {
    endpoint,
    spam,
    cmsAuth,
    withHostHeaders: (request, reply) => withHostHeaders(reply, urlPathOf(request.url) ?? "/"),
  });

  addDeployRoutes(app, {
    deployer,
    withHostHeaders: (request, reply) => withHostHeaders(reply, urlPathOf(request.url) ?? "/"),
  });

  app.route({
    method: ["GET", "HEAD"],
    url: "/*",
    exposeHeadRoute: false,
    handler: (request, reply) => {
      const urlPath = urlPathOf(request.url);
      if (urlPath?.startsWith("/api/")) {
        return sendJson(request, reply, 404, { messageText: messages.notFound });
      }
      // One release for the whole answer: its file, its headers.
      const live = site.current();
      const file = urlPath === undefined ? undefined : resolveFile(live.files, urlPath);
      if (file === undefined || urlPath === undefined) {
        const older = urlPath === undefined ? undefined : site.olderWith(urlPath.slice(1));
        if (older && urlPath) {
          const lent = urlPath.slice(1);
          return withHostHeaders(reply, rulesPath(lent), older).sendFile(`/${lent}`, older.root);
        }
        return sendNotFoundPage(reply, live);
      }
      if (wantsSlash(live, urlPath, file)) {
        const queryAt = request.url.indexOf("?");
        const query = queryAt === -1 ? "" : request.url.slice(queryAt);
        return withHostHeaders(reply, urlPath, live).redirect(
          `${encodeURI(urlPath)}/${query}`,
          301,
        );
      }
      return withHostHeaders(reply, rulesPath(file), live).sendFile(`/${file}`, live.root);
    },
  });

  app.setNotFoundHandler((request, reply) => {
    // Reached by any other method on any other path.
    if (request.method === "GET" || request.method === "HEAD") return sendNotFoundPage(reply);
    if (urlPathOf(request.url)?.startsWith("/api/")) {
      return sendJson(request, reply, 404, { messageText: messages.notFound });
    }
    return sendJson(
      request,
      reply,
      405,
      { messageText: messages.methodNotAllowed },
      {
        allow: "GET, HEAD",
      },
    );
  });

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    const status = error.statusCode ?? 500;
    // A Content-Type Fastify cannot even parse, sent to the endpoint: the endpoint's own 415.
    const urlPath = urlPathOf(request.url);
    if (
      error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE" &&
      (urlPath === "/api/contact" || urlPath === "/api/contact/")
    ) {
      return quote(request, reply);
    }
    if (status >= 500) request.log.error(`answered ${status}: ${oneLine(error)}`);
    return sendJson(request, reply, status, {
      messageText: status >= 500 ? messages.serverError : messages.badRequest,
    });
  });

  return app;
}
