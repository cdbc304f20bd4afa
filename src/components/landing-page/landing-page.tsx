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
import KeepServerHtml from "../../start-up/keep-server-html";

/**
 * The landing page's sections, in docs/product.md's order, fed from `content/` (the admin's
 * landing preview draws the same sections in the same order: a test holds the two together,
 * as a shared list of sections would cost every visitor its bytes). Only the
 * carousel and the contact section (the form) have behaviour; the others keep their server HTML
 * instead of being hydrated. (`getImage` is not used: importing it ships gatsby-plugin-image's
 * browser runtime, and the hero draws a plain picture from the data.)
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
      <KeepServerHtml>
        <TenantNotice {...tenants.landingNotice} path={tenants.path} />
      </KeepServerHtml>
      <KeepServerHtml>
        <Hero {...hero} image={hero.image.childImageSharp?.gatsbyImageData} />
      </KeepServerHtml>
      <KeepServerHtml>
        <Approach {...copy.approach} />
      </KeepServerHtml>
      <KeepServerHtml>
        <ComplementaryServices {...copy.complementaryServices} />
      </KeepServerHtml>
      <KeepServerHtml>
        <Guarantees {...copy.guarantees} />
      </KeepServerHtml>
      <KeepServerHtml>
        <Channels
          {...copy.channels}
          channels={figures.channels}
          combinedContactRate={figures.combinedContactRate}
          sources={figures.sources}
        />
      </KeepServerHtml>
      <KeepServerHtml>
        <Results copy={copy.results} figures={figures} />
      </KeepServerHtml>
      <KeepServerHtml>
        <References {...copy.references} clients={clients} />
      </KeepServerHtml>
      <TestimonialCarousel title={copy.testimonials.title} testimonials={testimonials} />
      <KeepServerHtml>
        <Process {...copy.process} />
      </KeepServerHtml>
      <KeepServerHtml>
        <CallToAction {...copy.cta} phone={company.phone} />
      </KeepServerHtml>
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
