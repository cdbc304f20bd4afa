import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyPluginAsync,
} from "fastify";
import { createCmsAuth, type CmsAuth } from "../cms-auth/cms-auth";
import type { TrustProxy } from "../config";
import { processLogger } from "../log/logger";
import { requestIdGenerator } from "../log/request-id";
import errors, { frameworkErrors } from "./plugins/errors";
import pressure, { type PressureOptions } from "./plugins/pressure";
import requestLog from "./plugins/request-log";
import site from "./plugins/site";
import previews, { type PreviewsOptions } from "./plugins/preview-origins";
import teamOrigin from "./plugins/team-origin";
import cmsAuthRoutes from "./routes/cms-auth-routes";
import audienceRoutes from "./routes/audience-routes";
import deployRoutes from "./routes/deploy-routes";
import healthRoutes from "./routes/health-routes";
import quoteRoutes, { type QuoteRoutesOptions } from "./routes/quote-routes";
import teamRoutes, { type TeamRoutesOptions } from "./routes/team";
import type { SiteSource } from "./site-files";
import { superstructValidator } from "./superstruct-schemas";

// The Fastify app's two halves, which ./server.ts alone puts together around the services: the
// instance with the process-wide plugins (createApp: the log line and request id of every answer,
// error pages and one 405, the built site with its headers, shedding under load), and every
// route, one encapsulated plugin per concern (appRoutes, ./routes/): under /api/, and the team's
// inbox under /equipe/. The routes reach the services through the app's decorators
// (src/server/services/: app.store, app.delivery, app.readiness, app.metrics, app.deployer).
// Fastify adds no X-Powered-By and no CORS header.

/** The Fastify instance and what every answer goes through. */
export interface CoreOptions {
  /** The built site: public/ read once at start, or the live release (./site-files.ts). */
  site: SiteSource;
  /** Fastify's `trustProxy`: which proxies' X-Forwarded-For give the client's address. */
  trustProxy?: TrustProxy;
  /** The logger requests log through (the process's by default); tests read their own. */
  log?: FastifyBaseLogger;
  /** When requests are shed with 503 (./plugins/pressure.ts); its defaults in production. */
  pressure?: PressureOptions;
  /** TEAM_URL: the inbox's own origin, where nothing of the site is served (./plugins/team-origin.ts). */
  teamUrl?: string;
  /** PREVIEW_URL and where the previews are: each draft on its own origin (./plugins/preview-origins.ts). */
  previews?: PreviewsOptions;
}

/** The routes' settings; the services they use are the app's decorators. */
export interface RoutesOptions extends QuoteRoutesOptions {
  /** The built site: the audience's beacons are counted for its pages. */
  site: SiteSource;
  /** The admin's GitHub sign-in (src/server/cms-auth/); without it, it answers "not configured". */
  cmsAuth?: CmsAuth;
  /** The team's inbox (/equipe/ on TEAM_URL, which createApp is given too); off without. */
  inbox?: TeamRoutesOptions;
}

export async function createApp({
  site: siteSource,
  trustProxy = false,
  log = processLogger() as FastifyBaseLogger,
  pressure: pressureOptions = {},
  teamUrl,
  previews: previewsOptions,
}: CoreOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // One JSON line per request, written by ./plugins/request-log.ts with the request's id;
    // Fastify's own two lines (received, completed) would double the log for nothing.
    loggerInstance: log,
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: "reqId" }),
    genReqId: requestIdGenerator(trustProxy),
    trustProxy,
    // A client that sends its request slower than this is cut off, so that slow clients
    // cannot hold connections open at will.
    requestTimeout: 30_000,
    return503OnClosing: false,
    frameworkErrors: frameworkErrors(siteSource),
  });

  // Routes declare their input as superstruct structs (./superstruct-schemas.ts). No body is
  // read unless a route's plugin declares how: the quote endpoint JSON, the deploy webhook bytes,
  // the inbox forms, each within its route's bodyLimit. Elsewhere a body is left unread.
  app.setValidatorCompiler(superstructValidator);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null));

  await app.register(requestLog);
  // The not-found and error handlers before the site, whose catch-all route takes the error
  // handler set when it is declared.
  await app.register(errors, { site: siteSource });
  await app.register(site, { site: siteSource });
  if (previewsOptions) await app.register(previews, previewsOptions);
  if (teamUrl) await app.register(teamOrigin, { teamUrl });
  await app.register(pressure, pressureOptions);
  return app;
}

/** Every route of the server, each concern its own encapsulated plugin. */
export const appRoutes: FastifyPluginAsync<RoutesOptions> = async (
  app,
  { spam, now, cmsAuth, inbox, site },
) => {
  await app.register(healthRoutes);
  await app.register(quoteRoutes, { spam, now });
  await app.register(audienceRoutes, { site, now });
  await app.register(cmsAuthRoutes, { cmsAuth: cmsAuth ?? createCmsAuth({ settings: undefined }) });
  await app.register(deployRoutes);
  if (inbox) await app.register(teamRoutes, { ...inbox, prefix: "/equipe" });
};
