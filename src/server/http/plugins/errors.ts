import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { ErrorBody } from "../../../shared/quote-request/quote-api";
import { oneLine } from "../../one-line";
import type { SiteSource } from "../site-files";
import { sendNotFound, urlPathOf } from "./site";

// What the server answers when no route does or a route fails, in French: the built site's 404
// page for an unknown page, the French JSON every /api/ path answers when nothing else does, the
// one 405 of the server, whose Allow lists the methods the routes of that path declare, and the
// error handler (a 503 when shedding, a 400 or a 500). Not encapsulated (fastify-plugin): every
// route of the server falls back on the same not-found and error handlers. Registered before the
// site (./site.ts), whose catch-all route takes the error handler set when it is declared and
// answers a GET under /api/ with `reply.sendOtherMethod()`; the answers themselves use the site's
// decorators (`withHostHeaders`, `sendJson`), there by the time a request comes.

declare module "fastify" {
  interface FastifyReply {
    /**
     * A method the path's routes do not take: 405 with those they do (a page takes GET and HEAD),
     * or, under /api/, 404 where no route is.
     */
    sendOtherMethod(): FastifyReply;
  }
}

export interface ErrorsPluginOptions {
  /** The built site, whose 404 page answers an unknown page (../site-files.ts). */
  site: SiteSource;
}

/** What the server's own refusals say. */
export const messages = {
  notFound: "Ressource introuvable",
  methodNotAllowed: "Méthode non autorisée",
  badRequest: "Requête invalide",
  serverError: "Une erreur est survenue sur le serveur, veuillez réessayer",
  underPressure:
    "Le serveur est très sollicité en ce moment : réessayez dans quelques secondes. Ce que vous avez saisi est conservé.",
  pageUnderPressure:
    "Le site est très sollicité en ce moment : rechargez la page dans quelques secondes.\n",
} as const;

/** The server's one 405: the French message, and the methods the path does take. */
export const sendMethodNotAllowed = (reply: FastifyReply, allowed: readonly string[]) =>
  reply.sendJson(405, { messageText: messages.methodNotAllowed } satisfies ErrorBody, {
    allow: allowed.join(", "),
  });

/**
 * Errors Fastify meets before any route (an undecodable URL), for Fastify's `frameworkErrors`:
 * the same French JSON. Its reply comes before any plugin, so without the site's decorators.
 */
export function frameworkErrors(site: SiteSource) {
  return (error: { statusCode?: number }, request: FastifyRequest, reply: FastifyReply): void => {
    const headers = site.current().hostHeaders(urlPathOf(request.url) ?? "/");
    void reply
      .headers(Object.fromEntries(headers))
      .code(error.statusCode ?? 400)
      .headers({ "content-type": "application/json; charset=utf-8", "cache-control": "no-store" })
      .send(JSON.stringify({ messageText: messages.badRequest } satisfies ErrorBody));
  };
}

export default fp<ErrorsPluginOptions>(
  async (app, { site }) => {
    const sendError = (reply: FastifyReply, status: number, messageText: string, headers = {}) =>
      reply.sendJson(status, { messageText } satisfies ErrorBody, headers);

    // Every route declared from here on, by path: a method no route of a path takes is a 405
    // naming those it does take.
    const declared = new Map<string, Set<string>>();
    app.addHook("onRoute", ({ url, method }) => {
      // Patterns (the site's `/*`, a lead's `:id`) stand for no path of their own.
      if (/[*:]/.test(url)) return;
      const methods = declared.get(url) ?? new Set<string>();
      for (const one of [method].flat()) methods.add(one);
      declared.set(url, methods);
    });

    const sendOtherMethod = (request: FastifyRequest, reply: FastifyReply) => {
      const urlPath = urlPathOf(request.url);
      const api = urlPath?.startsWith("/api/") ?? false;
      const allowed = new Set(api ? [] : ["GET", "HEAD"]);
      for (const method of declared.get(urlPath ?? "") ?? []) allowed.add(method);
      if (allowed.size === 0) return sendError(reply, 404, messages.notFound);
      return sendMethodNotAllowed(reply, [...allowed]);
    };
    app.decorateReply("sendOtherMethod", function (this: FastifyReply) {
      return sendOtherMethod(this.request, this);
    });

    app.setNotFoundHandler((request, reply) => {
      // Reached by any other method on any other path.
      if (request.method === "GET" || request.method === "HEAD") {
        return sendNotFound(reply, site.current());
      }
      return sendOtherMethod(request, reply);
    });

    app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
      // Shed by plugins/pressure.ts, Retry-After already set: said in French, not logged as a
      // fault (the request log has its line).
      if (error.code === "FST_UNDER_PRESSURE") {
        if (urlPathOf(request.url)?.startsWith("/api/")) {
          return sendError(reply, 503, messages.underPressure);
        }
        return reply
          .withHostHeaders()
          .code(503)
          .headers({ "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" })
          .send(messages.pageUnderPressure);
      }
      const status = error.statusCode ?? 500;
      if (status >= 500) request.log.error(`answered ${status}: ${oneLine(error)}`);
      return sendError(reply, status, status >= 500 ? messages.serverError : messages.badRequest);
    });
  },
  { name: "errors", fastify: "5.x" },
);
