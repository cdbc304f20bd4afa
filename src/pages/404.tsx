import React from "react";
import LandingPage from "../components/landing-page/landing-page";
import Seo from "../components/seo/seo";
import useLandingCopy from "../hooks/use-landing-copy";

/** Any unknown path shows the landing page, kept out of search results in favour of `/`. */
export default function NotFoundPage() {
  const { seo } = useLandingCopy();
  return (
    <>
      <Seo title={seo.title} description={seo.description} canonicalPath="/" noindex />
      <LandingPage />
    </>
  );
}
