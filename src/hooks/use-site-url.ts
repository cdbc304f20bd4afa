import { graphql, useStaticQuery } from "gatsby";

/** The public origin of the site, from `SITE_URL` at build time. */
export default function useSiteUrl(): string {
  const data = useStaticQuery<Queries.UseSiteUrlQuery>(graphql`
    query UseSiteUrl {
      site {
        siteMetadata {
          siteUrl
        }
      }
    }
  `);
  const url = data.site?.siteMetadata?.siteUrl;
  if (!url) throw new Error("siteMetadata.siteUrl is missing from gatsby-config");
  return url;
}
