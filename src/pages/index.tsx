import type { PageProps } from "gatsby";
import React, { useEffect } from "react";
import LandingPage from "../components/landing-page/landing-page";
import Seo from "../components/seo/seo";
import useLandingCopy from "../hooks/use-landing-copy";

type LandingContext = { scrollTo?: string };

/** `/`, and `/contact` (made in src/build/pages.ts), which opens at the quote form. */
export default function IndexPage({ pageContext }: PageProps<object, LandingContext>) {
  const { seo } = useLandingCopy();
  const { scrollTo } = pageContext;

  useEffect(() => {
    // A jump, not the smooth scroll of in-page links: the visitor asked for this page.
    if (scrollTo) document.getElementById(scrollTo)?.scrollIntoView({ behavior: "instant" });
  }, [scrollTo]);

  return (
    <>
      <Seo title={seo.title} description={seo.description} canonicalPath="/" organisation />
      <LandingPage />
    </>
  );
}
