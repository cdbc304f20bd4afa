import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyPluginAsync,
} from "fastify";
import { createCmsAuth, type CmsAuth } from "../cms-auth/cms-auth";
import type { TrustProxy } from "../config";
import type { Deployer } from "../deploy/deployer";
import { processLogger } from "../log/logger";
import { requestIdGenerator } from "../log/request-id";
import type { QuoteEndpoint } from "../quote-endpoint";
import type { SpamSettings } from "../spam/screen";
import type { Metrics } from "../metrics/metrics";
import metricsPlugin from "./plugins/answer-metrics";
import errors, { frameworkErrors } from "./plugins/errors";
import pressure, { type PressureOptions } from "./plugins/pressure";
import requestLog from "./plugins/request-log";
import site from "./plugins/site";
import previews, { type PreviewsOptions } from "./plugins/preview-origins";
import teamOrigin from "./plugins/team-origin";
import cmsAuthRoutes from "./routes/cms-auth-routes";
import deployRoutes from "./routes/deploy-routes";
import healthRoutes, { type HealthOptions } from "./routes/health-routes";
import quoteRoutes from "./routes/quote-routes";
import teamRoutes, { type TeamRoutesOptions } from "./routes/team";
import type { SiteSource } from "./site-files";
import { superstructValidator } from "./superstruct-schemas";

// The production server as one Fastify app: the process-wide plugins first (./plugins/: the log
// line and request id of every answer, error pages and one 405, the built site with its headers),
// then one encapsulated plugin per concern (./routes/): under /api/, and the team's inbox under
// /equipe/. serve.ts makes the app (createApp), registers the services the routes use
// (src/server/services/), then the routes (appRoutes); the tests build it whole with their own
// site, store and logger (buildApp). Fastify adds no X-Powered-By and no CORS header.

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
  /** What Prometheus reads (src/server/metrics/): every answer and quote request counted. */
  metrics?: Metrics;
  /** TEAM_URL: the inbox's own origin, where nothing of the site is served (./plugins/team-origin.ts). */
  teamUrl?: string;
  /** PREVIEW_URL and where the previews are: each draft on its own origin (./plugins/preview-origins.ts). */
  previews?: PreviewsOptions;
}

/** What the routes answer with. */
export interface RoutesOptions {
  /** The quote endpoint, made once for the life of the process. */
  endpoint: QuoteEndpoint;
  /** The anti-bot settings, the endpoint's own: the challenge route signs with its secret. */
  spam: Pick<SpamSettings, "secret">;
  /** The admin's GitHub sign-in (src/server/cms-auth/); without it, it answers "not configured". */
  cmsAuth?: CmsAuth;
  /** Publishing on push (src/server/deploy/): its webhook and status routes; none without. */
  deployer?: Deployer;
  /** The team's inbox (/equipe/ on TEAM_URL, which createApp is given too); off without. */
  inbox?: TeamRoutesOptions;
  /** GET /healthz and /readyz (./routes/health-routes.ts), with the checks behind it; none without. */
  health?: HealthOptions;
  metrics?: Metrics;
}

export async function createApp({
  site: siteSource,
  trustProxy = false,
  log = processLogger() as FastifyBaseLogger,
  pressure: pressureOptions = {},
  metrics,
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
  if (metrics) await app.register(metricsPlugin, { metrics });
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
  { endpoint, spam, cmsAuth, deployer, inbox, health, metrics },
) => {
  if (health) await app.register(healthRoutes, health);
  await app.register(quoteRoutes, { endpoint, spam, metrics });
  await app.register(cmsAuthRoutes, { cmsAuth: cmsAuth ?? createCmsAuth({ settings: undefined }) });
  await app.register(deployRoutes, { deployer });
  if (inbox) await app.register(teamRoutes, { ...inbox, prefix: "/equipe" });
};

/**
 * The whole app at once, for tests and the load scripts: its core, then its routes. A busy test
 * machine's event loop sheds nothing here, unless `pressure` asks for it (health.test.ts): the
 * production server, which sheds, is serve.ts's.
 */
export async function buildApp(options: CoreOptions & RoutesOptions): Promise<FastifyInstance> {
  const app = await createApp({
    ...options,
    pressure: options.pressure ?? { maxEventLoopDelay: 0 },
    teamUrl: options.inbox?.teamUrl,
  });
  await app.register(appRoutes, options);
  return app;
}
