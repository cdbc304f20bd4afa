import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
// The route option it reads (pressureHandler), typed.
import type {} from "@fastify/under-pressure";
import { StructError } from "superstruct";
import { Beacon } from "../../audience/beacon";
import { countHit } from "../../audience/count-hit";
import { parisDay } from "../../audience/visitor";
import type { SiteFiles, SiteSource } from "../site-files";
import type { SuperstructTypes } from "../superstruct-schemas";

// POST /api/audience: the site's own anonymous audience (src/server/audience/, docs/audience.md).
// A page's beacon (src/islands/audience.ts) is a small JSON body, sent as text/plain by
// navigator.sendBeacon; it is answered 204 whatever becomes of it, counted or filtered, so that
// the answer tells a script nothing. Only a body that cannot be a beacon is refused (400, 413,
// 415), and counted as such. This route's log line holds no address (request-log.ts).

declare module "fastify" {
  interface FastifyContextConfig {
    /** The request's log line leaves the client's address out. */
    anonymous?: boolean;
  }
}

export interface AudienceRoutesOptions {
  site: SiteSource;
  /** The clock (a test's own). */
  now?: () => Date;
}

/** A beacon is a few hundred bytes. */
const maxBeaconBytes = 1024;

/** The site's pages, as the statistics name them: `/`, `/mentions-legales`… */
const pagesOf = (files: SiteFiles): Set<string> =>
  new Set(
    [...files.files]
      .filter((file) => /(^|\/)index\.html$/.test(file) && !file.startsWith("admin/"))
      .map((file) => `/${file.replace(/\/?index\.html$/, "")}`),
  );

/** A beacon's answer, empty whatever became of it: counted, filtered, dropped or refused. */
const emptyAnswer = (reply: FastifyReply, status = 204) =>
  reply.withHostHeaders().header("cache-control", "no-store").code(status).send();

const audienceRoutes: FastifyPluginAsync<AudienceRoutesOptions> = async (
  plugin,
  { site, now = () => new Date() },
) => {
  const app = plugin.withTypeProvider<SuperstructTypes>();
  let pages: { of: SiteFiles; paths: Set<string> } | undefined;
  const sitePages = () => {
    const current = site.current();
    if (pages?.of !== current) pages = { of: current, paths: pagesOf(current) };
    return pages.paths;
  };

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    ["text/plain", "application/json"],
    { parseAs: "string" },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(Object.assign(new Error("not JSON"), { statusCode: 400 }), undefined);
      }
    },
  );

  app.post(
    "/api/audience",
    {
      bodyLimit: maxBeaconBytes,
      schema: { body: Beacon },
      config: {
        anonymous: true,
        // Shedding (plugins/pressure.ts): a beacon is dropped with the same empty answer, never
        // a 503 that the visitor's console would report; the statistics lose that hit alone.
        pressureHandler: (_request: FastifyRequest, reply: FastifyReply) => void emptyAnswer(reply),
      },
    },
    async (request, reply) => {
      const origin = request.headers.origin;
      const fetchSite = request.headers["sec-fetch-site"];
      const host = request.host;
      const foreign =
        (origin !== undefined && hostOf(origin) !== host) ||
        (fetchSite !== undefined && fetchSite !== "same-origin");
      if (foreign) {
        await app.store.audience.filtered(parisDay(now()), "foreign");
      } else {
        await countHit(app.store.audience, {
          beacon: request.body,
          address: request.ip,
          userAgent: request.headers["user-agent"],
          optedOut: request.headers.dnt === "1" || request.headers["sec-gpc"] === "1",
          siteHost: host.replace(/:\d+$/, ""),
          pages: sitePages(),
          now: now(),
        });
      }
      return emptyAnswer(reply);
    },
  );

  app.setErrorHandler(async (error: FastifyError, _request, reply) => {
    const status =
      error.code === "FST_ERR_CTP_BODY_TOO_LARGE"
        ? 413
        : error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE"
          ? 415
          : error instanceof StructError || error.statusCode === 400
            ? 400
            : undefined;
    if (status === undefined) throw error;
    await app.store.audience.filtered(parisDay(now()), "invalid");
    // An unread rest of the body cannot leave room for another request on the connection.
    if (status === 413) reply.header("connection", "close");
    return emptyAnswer(reply, status);
  });
};

/** The host (with its port) of an Origin header; undefined for "null" or junk. */
function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

export default audienceRoutes;
