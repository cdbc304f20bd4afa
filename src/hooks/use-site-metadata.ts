import useSiteContent from "./use-site-content";

export type SiteMetadata = { siteUrl: string; copyrightYear: number };

/** Build-time facts: the public origin (`SITE_URL`) and the year of the build. */
export default function useSiteMetadata(): SiteMetadata {
  const metadata = useSiteContent().site?.siteMetadata;
  if (!metadata) throw new Error("siteMetadata is missing from gatsby-config");
  return metadata;
}
