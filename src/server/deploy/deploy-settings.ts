import type { CeilingSettings } from "./ceilings";
import type { PreviewPattern } from "./preview-names";
import type { BoxSettings } from "./sandbox";

// Publishing on our own server (docs/operations.md, « Publier »): a push to the content's branch
// reaches the server as a webhook, which builds that commit and puts it live. Checked with the
// rest of the server's environment (src/server/config.ts).

export interface DeploySettings {
  /** DEPLOY_GIT_URL: what the working copy fetches from (SSH or HTTPS address, or a path). */
  gitUrl: string;
  /** DEPLOY_WEBHOOK_SECRET: GitHub's signing secret, GitLab's token. */
  secret: string;
  /** DEPLOY_DIR, resolved: the working copy, the releases, the state. */
  dir: string;
  /** CMS_REPO: the only repository whose pushes deploy (`owner/name`, GitLab's full path). */
  repository: string;
  /** CMS_BRANCH (main by default): the only branch whose pushes deploy. */
  branch: string;
  /** DEPLOY_NOTIFY_TO: who hears of a failed deploy; empty: the commit's author. */
  notifyTo: string[];
  /** DEPLOY_KEEP_RELEASES: releases kept, the live one included (5 by default). */
  keepReleases: number;
  /** DEPLOY_TIMEOUT_MINUTES, in milliseconds: past it, a deploy is stopped (20 min by default). */
  timeoutMs: number;
  /**
   * The texts a deploy's status, email and log must never show (src/server/deploy/redact.ts):
   * the values of the server's secret variables, DEPLOY_GIT_URL's among them.
   */
  secrets: string[];
  /** The free space a build must leave on the working copy's disk: below it, it is stopped. */
  minFreeBytes: number;
  /** What the build box must also hide: the lead database, the server's own folder. */
  box: BoxSettings;
  /** DEPLOY_BUILD_TASKS and DEPLOY_BUILD_MEMORY_MB: what one build may use (ceilings.ts). */
  ceilings: CeilingSettings;
  /**
   * The environment of the server's own tools, outside the box: git (its remote's credentials,
   * SSH, proxies) and npm's download (the server's registry settings). See hostEnvironment.
   */
  hostEnv: Record<string, string>;
  /**
   * The environment the build runs in (buildEnvironment): the build's own variables alone, with
   * CONTENT_STRICT=1.
   */
  buildEnv: Record<string, string>;
  /** PREVIEW_URL and DEPLOY_KEEP_PREVIEWS (10 by default): the drafts' previews; null: none. */
  previews: (PreviewPattern & { keep: number }) | null;
  /** DEPLOY_GITHUB_TOKEN, CMS_REPO, CMS_GITHUB_URL: each build told as a commit status; null: not. */
  statuses: CommitStatusSettings | null;
  /** SITE_URL: the published site, which a publication's status links to. */
  siteUrl: string;
}

/** Where builds are told as commit statuses (commit-status.ts). */
export interface CommitStatusSettings {
  /** The REST API's root: https://api.github.com, or a GitHub Enterprise Server's /api/v3. */
  apiRoot: string;
  /** CMS_REPO: owner/name. */
  repository: string;
  token: string;
}

/**
 * What passes from the server's environment to a deploy's build, in the box: the variables a build
 * reads (docs/configuration.md, "Build" and "Content admin") and the locale. Nothing else: not
 * the server's secrets (the build runs the repository's code, and Gatsby compiles every variable
 * it is given into its Functions), nor what git or npm need to reach a host (a proxy's password,
 * an SSH agent or command: the box has no network to use them on), nor the server's run-time
 * settings, nor what the shell or npm set for themselves. So a build sees the same variables
 * whoever starts it, the server on a push or an operator's `npm run site -- deploy`, and Gatsby's
 * caches, keyed on them, stay warm from one to the next.
 */
const passedToBuild = [
  /^(PATH|LANG|LANGUAGE|TZ)$/,
  /^LC_[A-Z]+$/,
  /^(SITE_URL|CMS_BACKEND|CMS_REPO|CMS_BRANCH|CMS_GITHUB_URL|CMS_AUTH_URL|CMS_APP_ID|CMS_PORT)$/,
  /^GATSBY_/,
];

/**
 * What passes to the server's own tools, which run outside the box and reach the network: git's
 * fetch (the remote's SSH key or agent, its certificate, a proxy) and npm's download (the server's
 * registry settings, npm_config_*, but npm's own note of the folder it was started in).
 */
const passedToHostTools = [
  /^(PATH|HOME|USER|LOGNAME|LANG|LANGUAGE|TZ|TMPDIR)$/,
  /^LC_[A-Z]+$/,
  /^(HTTPS?_PROXY|NO_PROXY|https?_proxy|no_proxy)$/,
  /^NODE_EXTRA_CA_CERTS$/,
  /^(GIT_SSH|GIT_SSH_COMMAND|GIT_SSL_CAINFO|SSH_AUTH_SOCK)$/,
  /^npm_config_(?!(local_)?prefix$)\w+$/i,
];

const kept = (env: Readonly<Record<string, string | undefined>>, patterns: RegExp[]) =>
  Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] =>
        entry[1] !== undefined && patterns.some((pattern) => pattern.test(entry[0])),
    ),
  );

export function buildEnvironment(env: Readonly<Record<string, string | undefined>>) {
  return {
    ...kept(env, passedToBuild),
    CONTENT_STRICT: "1",
    GATSBY_TELEMETRY_DISABLED: "1",
  };
}

export function hostEnvironment(env: Readonly<Record<string, string | undefined>>) {
  return {
    ...kept(env, passedToHostTools),
    // A fetch that needs a password fails at once rather than wait for someone to type it.
    GIT_TERMINAL_PROMPT: "0",
  };
}

/** What each setting must be, in French, when deploys are half configured. */
export function deployProblems(env: {
  DEPLOY_GIT_URL?: string;
  DEPLOY_WEBHOOK_SECRET?: string;
  CMS_REPO?: string;
}): string[] {
  const gitUrl = Boolean(env.DEPLOY_GIT_URL);
  const secret = Boolean(env.DEPLOY_WEBHOOK_SECRET);
  if (!gitUrl && !secret) return [];
  const problems: string[] = [];
  if (gitUrl !== secret) {
    problems.push(
      `DEPLOY_GIT_URL et DEPLOY_WEBHOOK_SECRET vont ensemble : il manque ${gitUrl ? "DEPLOY_WEBHOOK_SECRET" : "DEPLOY_GIT_URL"} (sans les deux, aucune publication n'est mise en ligne par ce serveur)`,
    );
  }
  if (!env.CMS_REPO) {
    problems.push(
      "CMS_REPO manque : la mise en ligne n'agit que sur le dépôt qu'il nomme (par exemple mon-organisation/site)",
    );
  }
  return problems;
}
