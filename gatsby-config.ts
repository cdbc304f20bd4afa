// Site-wide configuration: metadata, content sources and plugins.
import type { GatsbyConfig } from "gatsby";
import { readContentSource } from "./src/build/content-source";
import { designToken } from "./src/build/design-tokens";
import { ignoredContent, siteAsOf } from "./src/build/schedule";
import { sitemapExcludes } from "./src/build/search-engines";
import { contentFolders } from "./src/shared/content-model/kinds";
import { siteUrl } from "./src/shared/site-url";

// The manifest names the site as content does. A malformed file is reported by the content checks
// (src/build/content-checks.ts), with its field and reason; here it must only not crash.
function contentField(
  kind: "company" | "landing",
  read: (data: Record<string, unknown>) => unknown,
): string {
  const value = read(readContentSource(kind, `${kind}.md`, `${__dirname}/content`).fields);
  return typeof value === "string" ? value : "";
}
const companyName = contentField("company", (data) => data.name);
const landingTitle = contentField(
  "landing",
  (data) => (data.seo as { title?: unknown } | undefined)?.title,
);

// The instant the site is built as of (SITE_BUILD_AS_OF, or now; a draft's preview at the instant
// its draft schedules): what is not in force then is not sourced at all (src/build/schedule.ts).
const { asOf, previewAt } = siteAsOf(__dirname);
const outOfForce = ignoredContent(__dirname, asOf);

const config: GatsbyConfig = {
  siteMetadata: {
    siteUrl: siteUrl(process.env.SITE_URL),
    // Fixed at build time, so the server-rendered footer and the hydrated one always agree.
    copyrightYear: new Date().getFullYear(),
    // The git branch a draft preview is built from; null for the published site.
    previewBranch: process.env.SITE_PREVIEW_BRANCH || null,
    // The instant a preview shows, when its draft schedules a change (ISO); null otherwise.
    previewAt: previewAt?.toISOString() ?? null,
  },
  // Routes have no trailing slash (docs/product.md); keep canonical URLs identical to them.
  trailingSlash: "never",
  graphqlTypegen: { generateOnBuild: true },
  plugins: [
    ...contentFolders.map((name) => ({
      resolve: "gatsby-source-filesystem",
      options: {
        name,
        path: `${__dirname}/content/${name}`,
        ignore: outOfForce.filter((file) => file.startsWith(`${__dirname}/content/${name}/`)),
      },
    })),
    "gatsby-transformer-remark",
    "gatsby-plugin-image",
    {
      resolve: "gatsby-plugin-sharp",
      options: { defaults: { formats: ["auto", "avif", "webp"], placeholder: "blurred" } },
    },
    "gatsby-transformer-sharp",
    {
      // sitemap-index.xml and sitemap-0.xml, with absolute URLs from siteMetadata.siteUrl.
      resolve: "gatsby-plugin-sitemap",
      // Only the address: a guessed change frequency or priority tells search engines nothing.
      options: {
        excludes: sitemapExcludes,
        serialize: ({ path }: { path: string }) => ({ url: path }),
      },
    },
    {
      // The web manifest and the touch icons, drawn from our own mark at build time. The tab's
      // favicon is a PNG of static/favicon.svg (its rounded tile): see src/shared/favicon.ts.
      resolve: "gatsby-plugin-manifest",
      options: {
        name: companyName,
        short_name: companyName,
        description: landingTitle,
        lang: "fr",
        start_url: "/",
        display: "browser",
        // The design tokens' own values, so the browser chrome matches the site.
        theme_color: designToken("--color-brand"),
        background_color: designToken("--color-surface"),
        icon: "src/images/site-icon.svg",
        include_favicon: false,
        // 180 px is the touch icon iOS asks for; 192 and 512 px are what browsers install.
        icons: [180, 192, 512].map((size) => ({
          src: `icons/icon-${size}x${size}.png`,
          sizes: `${size}x${size}`,
          type: "image/png",
        })),
      },
    },
    // Local plugins (plugins/): what moves on a page is an island, built apart; each page inlines
    // only its own components' CSS.
    "gatsby-plugin-islands",
    "gatsby-plugin-page-css",
    // Gatsby's browser runtime left out of every page: its scripts, preloads and announcer. Last,
    // as its README asks, so that it sees every plugin's tags.
    { resolve: "gatsby-plugin-no-javascript-utils", options: { removeGatsbyAnnouncer: true } },
  ],
};

export default config;
