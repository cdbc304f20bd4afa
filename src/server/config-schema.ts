import { type } from "superstruct";
import {
  httpUrl,
  invalid,
  mailbox,
  domainList,
  mailboxList,
  teamMembers,
  trustProxy,
  variable,
  wholeNumber,
} from "./config-values";
import { previewPattern } from "./deploy/preview-names";
import { parseRateLimits } from "./spam/rate-limit";

// Every variable the server reads and what a valid value is, in French: the schema
// src/server/config.ts checks the environment against, and docs/configuration.md lists.

/** An alert webhook's address: HTTPS, or HTTP to this machine (a stand-in under test). */
function alertUrl(raw: string): string | typeof invalid {
  if (!URL.canParse(raw)) return invalid;
  const url = new URL(raw);
  const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  return url.protocol === "https:" || (url.protocol === "http:" && loopback) ? raw : invalid;
}

export const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof logLevels)[number];

/** Each variable the server reads, with what a valid value is, in French. */
export const schema = type({
  PORT: variable("un numéro de port, de 0 à 65535", wholeNumber(0, 65535)),
  HOST: variable("une adresse d'écoute", (raw) => raw),
  TRUST_PROXY: variable(
    "true, false, un nombre de proxys, ou leurs adresses et plages CIDR séparées par des virgules",
    trustProxy,
  ),
  DATABASE_URL: variable("une adresse PostgreSQL", (raw) => raw),
  // The admin's GitHub sign-in (src/server/cms-auth/cms-auth-settings.ts checks them together).
  CMS_GITHUB_CLIENT_ID: variable("l'identifiant du client GitHub", (raw) => raw),
  CMS_GITHUB_CLIENT_SECRET: variable("le secret du client GitHub", (raw) => raw),
  CMS_GITHUB_URL: variable("une adresse http(s)", (raw) => raw),
  // Publishing on push (src/server/deploy/deploy-settings.ts checks them together).
  CMS_REPO: variable("un dépôt, par exemple mon-organisation/site", (raw) =>
    /^[\w.-]+(\/[\w.-]+)+$/.test(raw) ? raw : invalid,
  ),
  CMS_BRANCH: variable("un nom de branche", (raw) =>
    /^\w[\w./-]*$/.test(raw) && !raw.includes("..") ? raw : invalid,
  ),
  DEPLOY_GIT_URL: variable("une adresse git (SSH, HTTPS) ou un chemin", (raw) =>
    raw.startsWith("-") ? invalid : raw,
  ),
  DEPLOY_WEBHOOK_SECRET: variable("un secret d'au moins 16 caractères", (raw) =>
    raw.length >= 16 ? raw : invalid,
  ),
  DEPLOY_DIR: variable("un chemin de dossier", (raw) => raw),
  DEPLOY_NOTIFY_TO: variable("des adresses email séparées par des virgules", mailboxList),
  DEPLOY_NOTIFY_DOMAINS: variable(
    "des domaines séparés par des virgules, par exemple hestia-recouvrement.fr",
    domainList,
  ),
  DEPLOY_KEEP_RELEASES: variable("un nombre entier de versions, de 2 à 50", wholeNumber(2, 50)),
  DEPLOY_TIMEOUT_MINUTES: variable("un nombre entier de minutes, de 1 à 240", wholeNumber(1, 240)),
  DEPLOY_KEEP_PREVIEWS: variable("un nombre entier d'aperçus, de 1 à 100", wholeNumber(1, 100)),
  // Each build's ceilings (src/server/deploy/ceilings.ts): the site's build peaks near 1.5 GB.
  DEPLOY_BUILD_MEMORY_MB: variable(
    "un nombre entier de mégaoctets, de 512 à 65536",
    wholeNumber(512, 65_536),
  ),
  DEPLOY_BUILD_TASKS: variable(
    "un nombre entier de processus et fils d'exécution, de 64 à 32768",
    wholeNumber(64, 32_768),
  ),
  // The drafts' previews (src/server/deploy/preview-names.ts): one origin each, {name} in the host.
  PREVIEW_URL: variable(
    "une adresse http(s) sans chemin dont l'hôte contient {name}, par exemple https://{name}.apercu.exemple.fr",
    (raw) => previewPattern(raw) ?? invalid,
  ),
  DEPLOY_GITHUB_TOKEN: variable("un jeton GitHub", (raw) =>
    /^[\x21-\x7e]{20,255}$/.test(raw) ? raw : invalid,
  ),
  QUOTE_DATABASE_DIR: variable("un chemin de dossier", (raw) => raw),
  QUOTE_CHALLENGE_SECRET: variable("un secret", (raw) => raw),
  QUOTE_RATE_LIMIT: variable(
    "par exemple address=5/10m,email=3/1d, address=off ou off (unités s, m, h, d, au moins 1 demande)",
    (raw) => {
      try {
        return parseRateLimits(raw);
      } catch {
        return invalid;
      }
    },
  ),
  QUOTE_RETENTION_DAYS: variable("un nombre entier de jours, 1 au moins", wholeNumber(1, 100_000)),
  BACKUP_DIR: variable("un chemin de dossier", (raw) => raw),
  BACKUP_KEEP: variable("un nombre entier de copies, de 1 à 1000", wholeNumber(1, 1000)),
  SITE_URL: variable("une adresse http(s) complète", (raw) =>
    httpUrl(raw) === invalid ? invalid : raw.replace(/\/+$/, ""),
  ),
  SMTP_URL: variable("une adresse smtp:// ou smtps://", (raw) =>
    /^smtps?:\/\/[^/]/.test(raw) && URL.canParse(raw) ? raw : invalid,
  ),
  QUOTE_NOTIFY_TO: variable("des adresses email séparées par des virgules", mailboxList),
  QUOTE_MAIL_FROM: variable("une adresse email, seule ou « Nom <adresse> »", (raw) =>
    mailbox(raw) ? raw : invalid,
  ),
  QUOTE_ACK: variable("1 (accusé de réception) ou 0", (raw) =>
    raw === "1" ? true : raw === "0" ? false : invalid,
  ),
  QUOTE_WEBHOOK_URL: variable("une adresse http(s) complète", httpUrl),
  QUOTE_WEBHOOK_SECRET: variable("whsec_ suivi d'une clé en base64", (raw) =>
    /^(whsec_)?[A-Za-z0-9+/]+={0,2}$/.test(raw) ? raw : invalid,
  ),
  // Alerts where the team talks (src/server/delivery/chat-alerts.ts): HTTPS, as both services
  // give them; plain HTTP only to this machine, for a stand-in under test.
  QUOTE_TEAMS_WEBHOOK_URL: variable(
    "une adresse https:// (http:// seulement vers cette machine, pour un essai)",
    alertUrl,
  ),
  QUOTE_SLACK_WEBHOOK_URL: variable(
    "une adresse https:// (http:// seulement vers cette machine, pour un essai)",
    alertUrl,
  ),
  // The inbox's own origin: the inbox answers there alone, never beside the site and its admin.
  TEAM_URL: variable("une adresse http(s) complète, sans chemin", (raw) => {
    const url = httpUrl(raw) === invalid ? undefined : new URL(raw);
    return url && url.pathname === "/" && !url.search && !url.hash ? url.origin : invalid;
  }),
  // The inbox's team (src/server/team/): the sign-in links go through the leads' SMTP relay.
  TEAM_EMAILS: variable(
    "des adresses séparées par des virgules, chacune suivie de :sales ou :admin, par exemple ventes@exemple.fr:sales,dpo@exemple.fr:admin",
    teamMembers,
  ),
  // Shedding (src/server/http/plugins/pressure.ts): past this mean event-loop lag, 503s.
  SHED_EVENT_LOOP_DELAY_MS: variable(
    "un nombre entier de millisecondes, 0 pour ne jamais délester sur ce critère",
    wholeNumber(0, 60_000),
  ),
  // Prometheus' listener (src/server/metrics/): off without a port.
  METRICS_PORT: variable("un numéro de port, de 1 à 65535", wholeNumber(1, 65535)),
  METRICS_HOST: variable("une adresse d'écoute", (raw) => raw),
  METRICS_TOKEN: variable("un jeton d'au moins 16 caractères", (raw) =>
    raw.length >= 16 ? raw : invalid,
  ),
  LOG_LEVEL: variable(`l'un de ${logLevels.join(", ")}`, (raw) =>
    (logLevels as readonly string[]).includes(raw) ? (raw as LogLevel) : invalid,
  ),
});
