import { graphql, useStaticQuery } from "gatsby";

export type SiteMetadata = { siteUrl: string; copyrightYear: number };

/**
 * The site-wide static query: the build-time facts and the legal pages (use-legal-pages.ts).
 * One query rather than two: each static query is one more request while a page loads, and
 * every page needs both (the head, the footer).
 */
export function useSiteQuery(): Queries.UseSiteMetadataQuery {
  return useStaticQuery<Queries.UseSiteMetadataQuery>(graphql`
    query UseSiteMetadata {
      site {
        siteMetadata {
          siteUrl
          copyrightYear
        }
      }
      allLegalPage(sort: { order: ASC }) {
        nodes {
          path
          title
          parent {
            ... on MarkdownRemark {
              parent {
                ... on File {
                  name
                }
              }
            }
          }
        }
      }
    }
  `);
}

/** Build-time facts: the public origin (`SITE_URL`) and the year of the build. */
export default function useSiteMetadata(): SiteMetadata {
  const metadata = useSiteQuery().site?.siteMetadata;
  if (!metadata) throw new Error("siteMetadata is missing from gatsby-config");
  return metadata;
}
