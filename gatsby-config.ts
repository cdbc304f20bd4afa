// Site-wide configuration: metadata, content sources and plugins.
import type { GatsbyConfig } from "gatsby";
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
  ],
};

export default config;
