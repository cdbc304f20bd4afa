import React from "react";
import { Helmet } from "react-helmet-async";
import useCompany from "../../hooks/use-company";
import useSiteMetadata from "../../hooks/use-site-metadata";
import { absoluteUrl } from "../../lib/site-url";

type SeoProps = {
  title: string;
  description: string;
  /** The path this page's content lives at; the canonical link points there. */
  canonicalPath: string;
  noindex?: boolean;
};

/** The page's head: rendered into the static HTML by gatsby-ssr, kept current in the browser. */
export default function Seo({ title, description, canonicalPath, noindex = false }: SeoProps) {
  const { name } = useCompany();
  const { siteUrl } = useSiteMetadata();
  return (
    <Helmet>
      <html lang="fr" />
      <title>{`${title} | ${name}`}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={absoluteUrl(siteUrl, canonicalPath)} />
      {noindex && <meta name="robots" content="noindex" />}
    </Helmet>
  );
}
