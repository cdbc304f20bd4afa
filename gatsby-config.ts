// Site-wide configuration: metadata, content sources and plugins.
import type { GatsbyConfig } from "gatsby";
import { cmsSettings } from "./src/cms/settings";
import { siteUrl } from "./src/lib/site-url";

const contentKinds = [
  "company",
  "figures",
  "landing",
  "testimonials",
  "clients",
  "legal",
  "images",
];

const config: GatsbyConfig = {
  siteMetadata: {
    siteUrl: siteUrl(process.env.SITE_URL),
    // Fixed at build time, so the server-rendered footer and the hydrated one always agree.
    copyrightYear: new Date().getFullYear(),
  },
  // The specification's routes have no trailing slash; keep canonical URLs identical to them.
  trailingSlash: "never",
  graphqlTypegen: { generateOnBuild: true },
  plugins: [
    ...contentKinds.map((name) => ({
      resolve: "gatsby-source-filesystem",
      options: { name, path: `${__dirname}/content/${name}` },
    })),
    "gatsby-transformer-remark",
    "gatsby-plugin-image",
    {
      resolve: "gatsby-plugin-sharp",
      options: { defaults: { formats: ["auto", "avif", "webp"], placeholder: "blurred" } },
    },
    "gatsby-transformer-sharp",
    {
      // The admin at /admin/: a page of its own (not a Gatsby page, so never in the sitemap),
      // marked noindex, bundled from npm with React and Decap served from /admin/ itself.
      resolve: "gatsby-plugin-decap-cms",
      options: {
        modulePath: `${__dirname}/src/cms/cms.tsx`,
        manualInit: true,
        enableIdentityWidget: false,
        includeRobots: false,
        htmlTitle: "Administration du contenu",
        htmlFavicon: `${__dirname}/static/favicon.svg`,
        customizeWebpackConfig(
          webpackConfig: { plugins: unknown[] },
          { plugins }: { plugins: { define: (values: object) => unknown } },
        ) {
          webpackConfig.plugins.push(
            plugins.define({ __CMS_SETTINGS__: JSON.stringify(cmsSettings(process.env)) }),
          );
        },
      },
    },
  ],
};

export default config;
