import { cmsAuthSettings, type CmsAuthSettings } from "./cms-auth/cms-auth-settings";
import { gitHubApiRoot } from "../shared/github-url";
import { secretTexts } from "./deploy/redact";
import {
  buildEnvironment,
  deployProblems,
  hostEnvironment,
  type DeploySettings,
} from "./deploy/deploy-settings";
import { resolve } from "node:path";
import { validate } from "superstruct";
import { schema, type LogLevel } from "./config-schema";
import { defaultSiteUrl } from "../shared/site-url";
import type { DeliveryConfig } from "./delivery/delivery-config";
import { functionsHostVariable } from "./leads/host";
import { defaultRateLimits, type RateLimits } from "./spam/rate-limit";

// The server's environment, read and checked once, at start (`npm run serve`, `npm run leads`,
// each Gatsby Function module as it loads): every server module receives its settings from here
// and none reads process.env. Every variable is listed in docs/configuration.md, and
// src/server/__tests__/configuration-doc.test.ts fails when the two disagree.
//
// superstruct rather than @fastify/env: it is already the project's validation library (the quote
// request's schema), it runs the same in the Gatsby Functions and the CLI, where there is no
// Fastify, and its refinements carry our French messages instead of ajv's English ones.

export type Env = Readonly<Record<string, string | undefined>>;
import type { TeamMembers, TrustProxy } from "./config-values";
export type { TeamMembers, TrustProxy };

export { logLevels, type LogLevel } from "./config-schema";

export interface StoreSettings {
  /** DATABASE_URL: PostgreSQL; null: the embedded engine in `databaseDir`. */
  databaseUrl: string | null;
  /** QUOTE_DATABASE_DIR (the embedded engine's folder), resolved against the working folder. */
  databaseDir: string;
  /** The variable that shows a functions host (its disk does not last), or null. */
  functionsHost: string | null;
  /** BACKUP_DIR for the embedded engine: each erasure is also written there (docs/leads.md). */
  erasuresDir?: string;
}

export interface ServerConfig {
  http: { port: number; host: string; trustProxy: TrustProxy };
  store: StoreSettings;
  /** QUOTE_CHALLENGE_SECRET (null: generated, see src/server/spam/challenge.ts), QUOTE_RATE_LIMIT. */
  spam: { challengeSecret: string | null; rateLimits: RateLimits };
  delivery: DeliveryConfig;
  /** The admin's GitHub sign-in; undefined when no client is configured. */
  cmsAuth: CmsAuthSettings | undefined;
  /** Publishing on push (src/server/deploy/); null when DEPLOY_GIT_URL is not set. */
  deploy: DeploySettings | null;
  /** DEPLOY_NOTIFY_DOMAINS: a commit author of these mail domains hears of a failed deploy. */
  deployNotifyDomains: readonly string[];
  /** TEAM_EMAILS: who may sign in to the inbox (/equipe/); empty when unset. */
  team: TeamMembers;
  /** TEAM_URL: the inbox's own origin (https://equipe.exemple.fr); without it, the inbox is off. */
  teamUrl: string | null;
  /** QUOTE_RETENTION_DAYS. */
  retentionDays: number;
  /** BACKUP_DIR (resolved; hidden from the deploys' build, as the leads) and BACKUP_KEEP. */
  backups: { dir: string; keep: number };
  /** SHED_EVENT_LOOP_DELAY_MS: the mean event-loop lag past which requests are shed; 0: never. */
  shedEventLoopDelayMs: number;
  /** Prometheus' listener (METRICS_PORT, METRICS_HOST, METRICS_TOKEN); null when off. */
  metrics: { port: number; host: string; token: string | null } | null;
  /** LOG_LEVEL. */
  logLevel: LogLevel;
}

/** Thrown when the environment cannot run the server: every problem, in French, one a line. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(
      `Configuration invalide, rien n'est démarré :\n${problems.map((p) => `- ${p}`).join("\n")}`,
    );
    this.name = "ConfigError";
  }
}

/** The variables `readServerConfig` reads (the functions hosts' own aside, see leads/host.ts). */
export const serverVariables = Object.keys(schema.schema);

/** Their values may hold passwords: a message names them, never shows them. */
export const secretVariables: ReadonlySet<string> = new Set([
  "DATABASE_URL",
  "SMTP_URL",
  "QUOTE_CHALLENGE_SECRET",
  "QUOTE_WEBHOOK_SECRET",
  "CMS_GITHUB_CLIENT_SECRET",
  "DEPLOY_WEBHOOK_SECRET",
  "DEPLOY_GIT_URL",
  "DEPLOY_GITHUB_TOKEN",
  "METRICS_TOKEN",
  // A Teams or Slack webhook's address is its key: whoever has it posts to the channel.
  "QUOTE_TEAMS_WEBHOOK_URL",
  "QUOTE_SLACK_WEBHOOK_URL",
]);

/** 127.0.0.0/8, ::1 or localhost: reachable from this machine only. */
const isLoopback = (host: string) =>
  host === "localhost" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);

/** Half of a channel set is an error, not a notification silently dropped. */
function allOrNone(values: Record<string, unknown>, problems: string[]): boolean {
  const missing = Object.keys(values).filter((name) => values[name] === undefined);
  if (missing.length === 0) return true;
  if (missing.length < Object.keys(values).length) {
    problems.push(
      `${Object.keys(values).join(", ")} vont ensemble : il manque ${missing.join(", ")}`,
    );
  }
  return false;
}

/**
 * The server's settings from `env`, checked: every malformed value, half-set channel and unknown
 * QUOTE_* variable (a typo would otherwise leave a default in force) is named in the ConfigError.
 */
export function readServerConfig(env: Env = globalThis.process.env): ServerConfig {
  const problems: string[] = [];
  // A copy: coercion writes its values into the object it checks.
  const [error, values] = validate({ ...env }, schema, { coerce: true });
  for (const failure of error?.failures() ?? []) {
    const name = String(failure.key);
    const shown = secretVariables.has(name) ? "" : ` « ${String(env[name]).trim()} »`;
    problems.push(`${name}${shown} : attendu ${failure.message}`);
  }
  for (const name of Object.keys(env)) {
    if (name.startsWith("QUOTE_") && !serverVariables.includes(name)) {
      problems.push(`${name} : variable inconnue (voir docs/configuration.md)`);
    }
  }
  if (error || !values) throw new ConfigError(problems);
  const email = allOrNone(
    {
      SMTP_URL: values.SMTP_URL,
      QUOTE_NOTIFY_TO: values.QUOTE_NOTIFY_TO,
      QUOTE_MAIL_FROM: values.QUOTE_MAIL_FROM,
    },
    problems,
  );
  const webhook = allOrNone(
    {
      QUOTE_WEBHOOK_URL: values.QUOTE_WEBHOOK_URL,
      QUOTE_WEBHOOK_SECRET: values.QUOTE_WEBHOOK_SECRET,
    },
    problems,
  );
  let cmsAuth: CmsAuthSettings | undefined;
  try {
    cmsAuth = cmsAuthSettings({
      CMS_GITHUB_CLIENT_ID: values.CMS_GITHUB_CLIENT_ID,
      CMS_GITHUB_CLIENT_SECRET: values.CMS_GITHUB_CLIENT_SECRET,
      CMS_GITHUB_URL: values.CMS_GITHUB_URL,
    });
  } catch (failure) {
    problems.push(failure instanceof Error ? failure.message : String(failure));
  }
  problems.push(...deployProblems(values));
  // Each origin read once: the delivery, the deploys and the checks below name the same ones.
  const siteUrl = values.SITE_URL ?? defaultSiteUrl;
  const teamUrl = values.TEAM_URL ?? null;
  if (values.TEAM_EMAILS && !email) {
    problems.push(
      "TEAM_EMAILS : les liens de connexion partent par email, il faut aussi SMTP_URL, QUOTE_NOTIFY_TO et QUOTE_MAIL_FROM",
    );
  }
  if (teamUrl && teamUrl === new URL(siteUrl).origin) {
    problems.push(
      "TEAM_URL : la boîte des demandes a son origine à elle, autre que celle du site (SITE_URL), par exemple https://equipe.exemple.fr",
    );
  }
  for (const name of ["PREVIEW_URL", "DEPLOY_GITHUB_TOKEN"] as const) {
    if (values[name] && !values.DEPLOY_GIT_URL) {
      problems.push(
        `${name} : les aperçus et les statuts de commit viennent de la mise en ligne de ce serveur, il faut aussi DEPLOY_GIT_URL, DEPLOY_WEBHOOK_SECRET et CMS_REPO`,
      );
    }
  }
  const previewHosts = values.PREVIEW_URL;
  for (const other of [siteUrl, teamUrl]) {
    if (other && previewHosts?.nameOf(new URL(other).host) != null) {
      problems.push(
        `PREVIEW_URL : ${other} en ferait un aperçu ; donnez aux aperçus des adresses à eux, par exemple https://{name}.apercu.exemple.fr`,
      );
    }
  }
  const metricsHost = values.METRICS_HOST ?? "127.0.0.1";
  if (values.METRICS_PORT && !values.METRICS_TOKEN && !isLoopback(metricsHost)) {
    problems.push(
      `METRICS_TOKEN manque : les métriques écoutent sur ${metricsHost}, au-delà de cette machine, et ne se lisent alors qu'avec un jeton`,
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const databaseDir = resolve(process.cwd(), values.QUOTE_DATABASE_DIR ?? "data/leads");
  const backupDir = resolve(process.cwd(), values.BACKUP_DIR ?? "data/backups");
  const deployDir = resolve(process.cwd(), values.DEPLOY_DIR ?? "data/deploy");
  return {
    http: {
      port: values.PORT ?? 9000,
      host: values.HOST ?? "0.0.0.0",
      trustProxy: values.TRUST_PROXY ?? false,
    },
    store: {
      databaseUrl: values.DATABASE_URL ?? null,
      databaseDir,
      functionsHost: functionsHostVariable(env),
      ...(values.DATABASE_URL ? {} : { erasuresDir: backupDir }),
    },
    spam: {
      challengeSecret: values.QUOTE_CHALLENGE_SECRET ?? null,
      rateLimits: values.QUOTE_RATE_LIMIT ?? defaultRateLimits,
    },
    delivery: {
      email: email
        ? {
            smtpUrl: values.SMTP_URL!,
            to: values.QUOTE_NOTIFY_TO!,
            from: values.QUOTE_MAIL_FROM!,
            ack: values.QUOTE_ACK ?? false,
          }
        : null,
      webhook: webhook
        ? { url: values.QUOTE_WEBHOOK_URL!, secret: values.QUOTE_WEBHOOK_SECRET! }
        : null,
      teams: values.QUOTE_TEAMS_WEBHOOK_URL ? { url: values.QUOTE_TEAMS_WEBHOOK_URL } : null,
      slack: values.QUOTE_SLACK_WEBHOOK_URL ? { url: values.QUOTE_SLACK_WEBHOOK_URL } : null,
      teamUrl,
      siteUrl,
    },
    retentionDays: values.QUOTE_RETENTION_DAYS ?? 1095,
    backups: { dir: backupDir, keep: values.BACKUP_KEEP ?? 14 },
    team: values.TEAM_EMAILS ?? new Map(),
    deployNotifyDomains: values.DEPLOY_NOTIFY_DOMAINS ?? [],
    teamUrl,
    cmsAuth,
    deploy:
      values.DEPLOY_GIT_URL && values.DEPLOY_WEBHOOK_SECRET && values.CMS_REPO
        ? {
            gitUrl: values.DEPLOY_GIT_URL,
            secret: values.DEPLOY_WEBHOOK_SECRET,
            dir: deployDir,
            repository: values.CMS_REPO,
            branch: values.CMS_BRANCH ?? "main",
            notifyTo: values.DEPLOY_NOTIFY_TO ?? [],
            keepReleases: values.DEPLOY_KEEP_RELEASES ?? 5,
            timeoutMs: (values.DEPLOY_TIMEOUT_MINUTES ?? 20) * 60_000,
            secrets: secretTexts(env, secretVariables),
            minFreeBytes: 2 * 1024 ** 3,
            box: {
              hidden: [databaseDir, backupDir, deployDir, process.cwd()],
              nodePath: process.execPath,
            },
            ceilings: {
              tasks: values.DEPLOY_BUILD_TASKS ?? 1024,
              memoryBytes: (values.DEPLOY_BUILD_MEMORY_MB ?? 3072) * 1024 ** 2,
            },
            hostEnv: hostEnvironment(env),
            buildEnv: buildEnvironment(env),
            previews: values.PREVIEW_URL
              ? { ...values.PREVIEW_URL, keep: values.DEPLOY_KEEP_PREVIEWS ?? 10 }
              : null,
            statuses: values.DEPLOY_GITHUB_TOKEN
              ? {
                  apiRoot: gitHubApiRoot(values.CMS_GITHUB_URL),
                  repository: values.CMS_REPO,
                  token: values.DEPLOY_GITHUB_TOKEN,
                }
              : null,
            siteUrl,
          }
        : null,
    shedEventLoopDelayMs: values.SHED_EVENT_LOOP_DELAY_MS ?? 1000,
    metrics: values.METRICS_PORT
      ? { port: values.METRICS_PORT, host: metricsHost, token: values.METRICS_TOKEN ?? null }
      : null,
    logLevel: values.LOG_LEVEL ?? "info",
  };
}

/** The settings, or the ConfigError, for an adapter that must answer rather than throw. */
export function tryReadServerConfig(
  env?: Env,
): { ok: true; config: ServerConfig } | { ok: false; error: ConfigError } {
  try {
    return { ok: true, config: readServerConfig(env) };
  } catch (error) {
    if (error instanceof ConfigError) return { ok: false, error };
    throw error;
  }
}
