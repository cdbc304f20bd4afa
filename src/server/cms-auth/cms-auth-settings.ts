// The admin's GitHub sign-in settings, checked by the server's configuration (src/server/config.ts):
// the OAuth client (a GitHub App's or an OAuth App's) and the GitHub that issued it.
import { gitHubUrl } from "../../shared/github-url";

export type CmsAuthSettings = {
  clientId: string;
  /** Known to this server alone: never in the admin's bundle. */
  clientSecret: string;
  /** github.com, or a GitHub Enterprise Server's address, without a final slash. */
  githubUrl: string;
};

/**
 * CMS_GITHUB_CLIENT_ID, CMS_GITHUB_CLIENT_SECRET and CMS_GITHUB_URL (https://github.com by
 * default). Undefined when no client is configured: the sign-in then answers that it is not set
 * up. Throws, in French, on a half-set client or a malformed address, so that the server refuses
 * to start rather than fail at the first sign-in.
 */
export function cmsAuthSettings(
  env: Readonly<Record<string, string | undefined>>,
): CmsAuthSettings | undefined {
  const clientId = env.CMS_GITHUB_CLIENT_ID?.trim() ?? "";
  const clientSecret = env.CMS_GITHUB_CLIENT_SECRET?.trim() ?? "";
  const githubUrl = gitHubUrl(env.CMS_GITHUB_URL);
  if (!clientId && !clientSecret) return undefined;
  if (!clientId || !clientSecret) {
    const missing = clientId ? "CMS_GITHUB_CLIENT_SECRET" : "CMS_GITHUB_CLIENT_ID";
    throw new Error(
      `${missing} manque : la connexion GitHub de l'administration demande CMS_GITHUB_CLIENT_ID et CMS_GITHUB_CLIENT_SECRET ensemble`,
    );
  }
  return { clientId, clientSecret, githubUrl };
}
