import React, { Fragment, memo } from "react";
import useClientReferences from "../../hooks/use-client-references";
import useCompany from "../../hooks/use-company";
import useFigures from "../../hooks/use-figures";
import useLandingCopy from "../../hooks/use-landing-copy";
import { usePrivacyPolicyPath } from "../../hooks/use-legal-pages";
import useTestimonials from "../../hooks/use-testimonials";
import KeepServerHtml from "../../start-up/keep-server-html";
import { landingSections, type PageData } from "./landing-sections";

/**
 * The landing page's sections (landing-sections.tsx), fed from `content/`. Only the carousel and
 * the contact section (the form) have behaviour; the others keep their server HTML instead of
 * being hydrated. (`getImage` is not used: importing it ships gatsby-plugin-image's browser
 * runtime, and the hero draws a plain picture from the data.)
 */
const LandingPage = memo(function LandingPage() {
  const copy = useLandingCopy();
  const data: PageData = {
    copy,
    figures: useFigures(),
    phone: useCompany().phone,
    heroImage: copy.hero.image.childImageSharp?.gatsbyImageData,
    testimonials: useTestimonials(),
    clients: useClientReferences(),
    privacyPolicyPath: usePrivacyPolicyPath(),
  };

  return (
    <>
      {landingSections.map((section) =>
        section.reads === "page" && section.hasBehaviour ? (
          <Fragment key={section.name}>{section.render(data)}</Fragment>
        ) : (
          <KeepServerHtml key={section.name}>{section.render(data)}</KeepServerHtml>
        ),
      )}
    </>
  );
});

export default LandingPage;
