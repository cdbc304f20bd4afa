export const defaultSiteUrl = "https://www.hestia-recouvrement.fr";

/** The public origin of the site, without a trailing slash, from `SITE_URL` or the default. */
export function siteUrl(configured: string | undefined): string {
  const value = configured?.trim() || defaultSiteUrl;
  const url = new URL(value);
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new Error(`SITE_URL must be an http(s) URL, got "${value}"`);
  }
  return url.origin + url.pathname.replace(/\/+$/, "");
}

/** The absolute URL of a path on the site. */
export function absoluteUrl(origin: string, path: string): string {
  return path === "/" ? `${origin}/` : `${origin}${path}`;
}
