// Where the admin reads and writes content, from the environment of the build that bundles it
// (src/build/admin-bundle.ts).
import { previewStatusContext } from "../shared/deploy-statuses";
import { gitHubApiRoot as sharedApiRoot } from "../shared/github-url";

/** The environment it is read from, passed in: this module also runs in the admin's page. */
export type Env = Readonly<Record<string, string | undefined>>;

export type CmsBackendSettings = {
  name: "proxy" | "git-gateway" | "github" | "gitlab";
  branch: string;
  repo?: string;
  /** The local backend (decap-server) when no git host is configured. */
  proxy_url?: string;
  /** Where the sign-in popup opens: an OAuth server of one's own (CMS_AUTH_URL). */
  base_url?: string;
  /** The site's own sign-in (src/server/cms-auth/), on the admin's own origin. */
  auth_endpoint?: string;
  /** A GitHub Enterprise Server's API. */
  api_root?: string;
  app_id?: string;
  auth_type?: "pkce";
  /** The commit status whose link is the draft's « Voir l'aperçu » (src/shared/deploy-statuses.ts). */
  preview_context?: string;
};

export type CmsSettings = {
  backend: CmsBackendSettings;
  localBackendUrl: string;
  /** Said by the build as a warning: a setting that works but should be left. */
  warning?: string;
};

/** The path of the site's own sign-in endpoint, relative to the admin's origin. */
export const ownAuthEndpoint = "api/cms/auth";

/** The GitHub API of CMS_GITHUB_URL: api.github.com, or a GitHub Enterprise Server's /api/v3. */
export function gitHubApiRoot(env: Env): string {
  // The same reading as the server's sign-in and its commit statuses (src/shared/github-url.ts).
  return sharedApiRoot(env.CMS_GITHUB_URL);
}

/**
 * The origins the admin talks to, for its Content-Security-Policy: the local backend while
 * editing on a workstation, and the git host's API in production (Git Gateway is the site's own
 * origin on Netlify).
 */
export function cmsConnectOrigins(settings: CmsSettings): string[] {
  const { backend } = settings;
  const gitHostApi: Record<CmsBackendSettings["name"], string[]> = {
    proxy: [],
    "git-gateway": [],
    github: [new URL(backend.api_root ?? "https://api.github.com").origin],
    gitlab: ["https://gitlab.com"],
  };
  return [new URL(settings.localBackendUrl).origin, ...gitHostApi[backend.name]];
}

/** The port `npm run cms` runs decap-server on, which the admin then writes through. */
export function localBackendPort(env: Env): number {
  return Number(env.CMS_PORT ?? 8081);
}

const backendNames = ["local", "github", "gitlab", "git-gateway"] as const;

/**
 * Production saves go to the git host, as branches and pull requests until published: GitHub by
 * default when CMS_REPO names a repository, signing in through the site's own endpoint; GitLab or
 * Netlify's Git Gateway when CMS_BACKEND names them. Without CMS_REPO, the local backend alone.
 */
export function cmsSettings(env: Env): CmsSettings {
  const repo = env.CMS_REPO?.trim() ?? "";
  const name = env.CMS_BACKEND?.trim() || (repo ? "github" : "local");
  if (!(backendNames as readonly string[]).includes(name)) {
    throw new Error(`CMS_BACKEND=${name} : attendu ${backendNames.join(", ")}`);
  }
  const branch = env.CMS_BRANCH ?? "main";
  const localBackendUrl = `http://localhost:${localBackendPort(env)}/api/v1`;
  if (name === "local") {
    return { backend: { name: "proxy", proxy_url: localBackendUrl, branch }, localBackendUrl };
  }
  if (name === "git-gateway") {
    return {
      backend: { name, branch },
      localBackendUrl,
      warning:
        "CMS_BACKEND=git-gateway : Git Gateway et Netlify Identity sont dépréciés par Netlify (correctifs de sécurité seulement). Préférez GitHub (CMS_REPO) ou GitLab.",
    };
  }
  if (!repo) {
    throw new Error(`CMS_BACKEND=${name} demande CMS_REPO (par exemple mon-organisation/site)`);
  }
  if (name === "gitlab") {
    return {
      backend: {
        name,
        branch,
        repo,
        ...(env.CMS_AUTH_URL && { base_url: env.CMS_AUTH_URL }),
        // GitLab signs in from the browser alone (PKCE) with an OAuth application's id.
        ...(env.CMS_APP_ID && { app_id: env.CMS_APP_ID, auth_type: "pkce" as const }),
      },
      localBackendUrl,
    };
  }
  const apiRoot = gitHubApiRoot(env);
  return {
    backend: {
      name: "github",
      branch,
      repo,
      // An OAuth server of one's own, else the site's (its origin is the admin's, set in cms.tsx).
      ...(env.CMS_AUTH_URL ? { base_url: env.CMS_AUTH_URL } : { auth_endpoint: ownAuthEndpoint }),
      ...(apiRoot !== "https://api.github.com" && { api_root: apiRoot }),
      // Our server's previews only, not the publication's status nor another service's.
      preview_context: previewStatusContext,
    },
    localBackendUrl,
  };
}
