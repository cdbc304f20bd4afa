import type { PageProps } from "gatsby";
import React, { useEffect } from "react";
import LandingPage from "../components/landing-page/landing-page";
import Seo from "../components/seo/seo";
import useLandingCopy from "../hooks/use-landing-copy";
import { openAtRequestedSection } from "../islands/open-at";

type LandingContext = { scrollTo?: string };

/** `/`, and `/contact` (made in src/build/pages.ts), which opens at the quote form. */
export default function IndexPage({ pageContext }: PageProps<object, LandingContext>) {
  const { seo } = useLandingCopy();
  const { scrollTo } = pageContext;

  // The page's start-up script opens the static page there; where React renders the page
  // (`gatsby develop`), this does.
  useEffect(openAtRequestedSection, [scrollTo]);

  return (
    <>
      <Seo title={seo.title} description={seo.description} canonicalPath="/" organisation />
      {scrollTo && <span hidden data-opens-at={scrollTo} />}
      <LandingPage />
    </>
  );
}
