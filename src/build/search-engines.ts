// What the build writes for crawlers beside the pages: the sitemap's scope (gatsby-config.ts)
// and robots.txt (finish-pages.ts). The JSON-LD in the pages is src/lib/structured-data.ts.

/**
 * Paths kept out of the sitemap: the 404 page (any unknown path), `/contact` (the landing page
 * again, whose canonical link is `/`: a sitemap lists canonical URLs only), the admin, and a legal
 * page's former versions.
 */
export const sitemapExcludes = [
  "/404",
  "/404.html",
  "/dev-404-page",
  "/contact",
  "/admin/**",
  // A legal page's former versions (legal-versions.ts): the sitemap lists the one in force.
  "/*/version-*",
];

/** Where gatsby-plugin-sitemap writes its index. */
export const sitemapPath = "/sitemap-index.xml";

/**
 * The site's robots.txt. A draft's preview (`preview`) keeps every crawler out of everything and
 * names no sitemap: its pages must never be found in place of the published ones.
 */
export function robotsTxt(siteUrl: string, preview = false): string {
  if (preview) return "User-agent: *\nDisallow: /\n";
  return [
    "User-agent: *",
    "Disallow: /admin/",
    "Disallow: /api/",
    "",
    `Sitemap: ${siteUrl}${sitemapPath}`,
    "",
  ].join("\n");
}
