import React, { memo } from "react";
import useClientReferences from "../../hooks/use-client-references";
import useCompany from "../../hooks/use-company";
import useFigures from "../../hooks/use-figures";
import useLandingCopy from "../../hooks/use-landing-copy";
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
import TestimonialCarousel from "../testimonials/testimonial-carousel";
import StaticHtml from "../ui/static-html";

/**
 * The landing page's sections, in the specification's order, fed from `content/`. Only the
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
  const { hero } = copy;

  return (
    <>
      <StaticHtml>
        <Hero {...hero} image={hero.image.childImageSharp?.gatsbyImageData} />
      </StaticHtml>
      <StaticHtml>
        <Approach {...copy.approach} />
      </StaticHtml>
      <StaticHtml>
        <ComplementaryServices {...copy.services} />
      </StaticHtml>
      <StaticHtml>
        <Guarantees {...copy.guarantees} />
      </StaticHtml>
      <StaticHtml>
        <Channels
          {...copy.channels}
          channels={figures.channels}
          combinedContactRate={figures.combinedContactRate}
        />
      </StaticHtml>
      <StaticHtml>
        <Results copy={copy.results} figures={figures} />
      </StaticHtml>
      <StaticHtml>
        <References {...copy.references} clients={clients} />
      </StaticHtml>
      <TestimonialCarousel title={copy.testimonials.title} testimonials={testimonials} />
      <StaticHtml>
        <Process {...copy.process} />
      </StaticHtml>
      <StaticHtml>
        <CallToAction {...copy.cta} phone={company.phone} />
      </StaticHtml>
      <ContactSection
        {...copy.contact}
        replyHours={figures.quoteReplyHours}
        privacy={{ controller: company.name, email: company.dpoEmail }}
      />
    </>
  );
});

export default LandingPage;
