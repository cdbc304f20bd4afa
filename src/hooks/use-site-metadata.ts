import { graphql, useStaticQuery } from "gatsby";

export type SiteMetadata = { siteUrl: string; copyrightYear: number };

/** Build-time facts: the public origin (`SITE_URL`) and the year of the build. */
export default function useSiteMetadata(): SiteMetadata {
  const data = useStaticQuery<Queries.UseSiteMetadataQuery>(graphql`
    query UseSiteMetadata {
      site {
        siteMetadata {
          siteUrl
          copyrightYear
        }
      }
    }
  `);
  const metadata = data.site?.siteMetadata;
  if (!metadata) throw new Error("siteMetadata is missing from gatsby-config");
  return metadata;
}
