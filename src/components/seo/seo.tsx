import React from "react";
import { Helmet } from "react-helmet-async";
import useCompany from "../../hooks/use-company";
import useSiteMetadata from "../../hooks/use-site-metadata";
import useSocialImage from "../../hooks/use-social-image";
import { breadcrumbList, organization, type Crumb } from "../../lib/structured-data";
import { absoluteUrl } from "../../shared/site-url";

type SeoProps = {
  title: string;
  description: string;
  /** The path this page's content lives at; the canonical link and og:url point there. */
  canonicalPath: string;
  noindex?: boolean;
  /** Describe the company as an Organization (the landing page). */
  organisation?: boolean;
  /** The trail from the home page to this page, as BreadcrumbList (the legal pages). */
  breadcrumbs?: Crumb[];
};

// JSON inside <script> must not close the element: `<` is written as its JSON escape.
const jsonLd = (data: object) => JSON.stringify(data).replace(/</g, "\\u003c");

/**
 * The page's head: title, description, canonical link, the card shown when the page is shared
 * (Open Graph, Twitter) and structured data. Rendered into the static HTML by gatsby-ssr, so
 * crawlers that run no script read all of it; kept current in the browser.
 */
export default function Seo({
  title,
  description,
  canonicalPath,
  noindex = false,
  organisation = false,
  breadcrumbs,
}: SeoProps) {
  const company = useCompany();
  const { siteUrl, previewBranch } = useSiteMetadata();
  const image = useSocialImage();
  const url = absoluteUrl(siteUrl, canonicalPath);
  const imageUrl = absoluteUrl(siteUrl, image.src);
  // A draft's preview is kept out of every index and its links unfollowed, whatever the page asks.
  const robots = previewBranch ? "noindex, nofollow" : noindex ? "noindex" : undefined;
  const structuredData = [
    ...(organisation ? [organization(company, siteUrl)] : []),
    ...(breadcrumbs ? [breadcrumbList(breadcrumbs, siteUrl)] : []),
  ];
  return (
    <Helmet>
      <html lang="fr" />
      <title>{`${title} | ${company.name}`}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      {robots && <meta name="robots" content={robots} />}

      <meta property="og:type" content="website" />
      <meta property="og:locale" content="fr_FR" />
      <meta property="og:site_name" content={company.name} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={imageUrl} />
      <meta property="og:image:type" content="image/jpeg" />
      <meta property="og:image:width" content={String(image.width)} />
      <meta property="og:image:height" content={String(image.height)} />
      <meta property="og:image:alt" content={image.alt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
      <meta name="twitter:image:alt" content={image.alt} />

      {structuredData.map((data) => (
        <script key={String(data["@type"])} type="application/ld+json">
          {jsonLd(data)}
        </script>
      ))}
    </Helmet>
  );
}
