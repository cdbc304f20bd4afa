import useSiteContent from "./use-site-content";

export type SiteMetadata = {
  siteUrl: string;
  copyrightYear: number;
  previewBranch: string | null;
  previewAt: string | null;
};

/**
 * Build-time facts: the public origin (`SITE_URL`), the year of the build and, for a draft's
 * preview, the branch it was built from (`SITE_PREVIEW_BRANCH`) and the instant it shows when its
 * draft schedules a change (src/build/schedule.ts, siteAsOf).
 */
export default function useSiteMetadata(): SiteMetadata {
  const metadata = useSiteContent().site?.siteMetadata;
  if (!metadata) throw new Error("siteMetadata is missing from gatsby-config");
  return metadata;
}
