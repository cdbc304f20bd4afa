import React, { memo } from "react";
import useClientReferences from "../../hooks/use-client-references";
import useCompany from "../../hooks/use-company";
import useFigures from "../../hooks/use-figures";
import useLandingCopy from "../../hooks/use-landing-copy";
import { usePrivacyPolicyPath } from "../../hooks/use-legal-pages";
import useTenantPage from "../../hooks/use-tenant-page";
import useTestimonials from "../../hooks/use-testimonials";
import Approach from "../approach/approach";
import CallToAction from "../call-to-action/call-to-action";
import Channels from "../channels/channels";
import ComplementaryServices from "../complementary-services/complementary-services";
import ContactSection from "../contact/contact-section";
import Guarantees from "../guarantees/guarantees";
import Hero from "../hero/hero";
import Process from "../process/process";
import References from "../references/references";
import Results from "../results/results";
import TenantNotice from "../tenants/tenant-notice";
import TestimonialCarousel from "../testimonials/testimonial-carousel";

/**
 * The landing page's sections, in docs/product.md's order, fed from `content/` (the admin's
 * landing preview draws the same sections in the same order: a test holds the two together,
 * as a shared list of sections would cost every visitor its bytes). Only the
 * carousel and the contact section (the form) have behaviour: they are the page's islands
 * (src/islands/first-load.ts).
 */
const LandingPage = memo(function LandingPage() {
  const copy = useLandingCopy();
  const figures = useFigures();
  const company = useCompany();
  const testimonials = useTestimonials();
  const clients = useClientReferences();
  const privacyPolicyPath = usePrivacyPolicyPath();
  const tenants = useTenantPage();
  const { hero } = copy;

  return (
    <>
      <TenantNotice {...tenants.landingNotice} path={tenants.path} />
      <Hero {...hero} image={hero.image.childImageSharp?.gatsbyImageData} />
      <Approach {...copy.approach} />
      <ComplementaryServices {...copy.complementaryServices} />
      <Guarantees {...copy.guarantees} />
      <Channels
        {...copy.channels}
        channels={figures.channels}
        combinedContactRate={figures.combinedContactRate}
        sources={figures.sources}
      />
      <Results copy={copy.results} figures={figures} />
      <References {...copy.references} clients={clients} />
      <TestimonialCarousel title={copy.testimonials.title} testimonials={testimonials} />
      <Process {...copy.process} />
      <CallToAction {...copy.cta} phone={company.phone} />
      <ContactSection
        {...copy.contact}
        replyHours={figures.quoteReplyHours}
        privacyPolicyPath={privacyPolicyPath}
        privacy={{ controller: company.name, email: company.dpoEmail }}
      />
    </>
  );
});

export default LandingPage;
