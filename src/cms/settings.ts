// Where the admin reads and writes content, from the environment of the build that bundles it.

export type CmsBackendSettings = {
  name: "git-gateway" | "github" | "gitlab";
  branch: string;
  repo?: string;
  base_url?: string;
  app_id?: string;
  auth_type?: "pkce";
};

export type CmsSettings = { backend: CmsBackendSettings; localBackendUrl: string };

/**
 * The origins the admin talks to, for its Content-Security-Policy: the local backend while
 * editing on a workstation, and the git host's API in production (Git Gateway is the site's own
 * origin on Netlify).
 */
export function cmsConnectOrigins(settings: CmsSettings): string[] {
  const gitHostApi: Record<CmsBackendSettings["name"], string[]> = {
    "git-gateway": [],
    github: ["https://api.github.com"],
    gitlab: ["https://gitlab.com"],
  };
  return [new URL(settings.localBackendUrl).origin, ...gitHostApi[settings.backend.name]];
}

/** The port `npm run cms` runs decap-server on, which the admin then writes through. */
export function localBackendPort(env: NodeJS.ProcessEnv): number {
  return Number(env.CMS_PORT ?? 8081);
}

/**
 * Production saves go to the git host as commits: Netlify's Git Gateway by default, or GitHub
 * or GitLab when `CMS_BACKEND` names one (with `CMS_REPO`, and the OAuth settings below).
 */
export function cmsSettings(env: NodeJS.ProcessEnv): CmsSettings {
  const name = env.CMS_BACKEND ?? "git-gateway";
  if (name !== "git-gateway" && name !== "github" && name !== "gitlab") {
    throw new Error(`CMS_BACKEND=${name}: attendu git-gateway, github ou gitlab`);
  }
  const branch = env.CMS_BRANCH ?? "main";
  const backend: CmsBackendSettings =
    name === "git-gateway"
      ? { name, branch }
      : {
          name,
          branch,
          repo: env.CMS_REPO ?? "",
          ...(env.CMS_AUTH_URL && { base_url: env.CMS_AUTH_URL }),
          // GitLab signs in from the browser alone (PKCE) with an OAuth application's id.
          ...(name === "gitlab" && env.CMS_APP_ID && { app_id: env.CMS_APP_ID, auth_type: "pkce" }),
        };
  if (name !== "git-gateway" && !backend.repo) {
    throw new Error(`CMS_BACKEND=${name} demande CMS_REPO (par exemple mon-organisation/site)`);
  }
  return { backend, localBackendUrl: `http://localhost:${localBackendPort(env)}/api/v1` };
}
