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
  /**
   * The environment git and the build run in: the server's own (PATH, HOME, SITE_URL…), without
   * the npm_* variables `npm run serve` set for itself (npm_config_local_prefix would send the
   * working copy's `npm ci` to the server's folder), with CONTENT_STRICT=1.
   */
  buildEnv: Record<string, string>;
}

export function buildEnvironment(env: Readonly<Record<string, string | undefined>>) {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && !name.startsWith("npm_")) kept[name] = value;
  }
  return {
    ...kept,
    CONTENT_STRICT: "1",
    GATSBY_TELEMETRY_DISABLED: "1",
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
