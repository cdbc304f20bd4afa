// Site-wide configuration: metadata, content sources and plugins.
import type { GatsbyConfig } from "gatsby";
import { ignoredContent, siteAsOf } from "./src/build/schedule";
import { sitemapExcludes } from "./src/build/search-engines";
import { contentFolders } from "./src/shared/content-model/kinds";
import { siteUrl } from "./src/shared/site-url";

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
