// The GitHub the admin signs in with, as the build (src/cms/settings.ts) and the server
// (src/server/cms-auth/cms-auth-settings.ts) both read it.

/** CMS_GITHUB_URL as an absolute http(s) address without a final slash. */
export function gitHubUrl(value: string | undefined): string {
  const text = value?.trim() || "https://github.com";
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash) {
    throw new Error(
      `CMS_GITHUB_URL=${text} : attendu l'adresse de GitHub (https://github.com) ou d'un GitHub Enterprise Server (https://github.mon-entreprise.fr)`,
    );
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
}

/** The REST API of CMS_GITHUB_URL: api.github.com, or a GitHub Enterprise Server's /api/v3. */
export function gitHubApiRoot(value: string | undefined): string {
  const base = gitHubUrl(value);
  return base === "https://github.com" ? "https://api.github.com" : `${base}/api/v3`;
}
