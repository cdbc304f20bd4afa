import { getImage } from "gatsby-plugin-image";
import React from "react";
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

/** The landing page's sections, in the specification's order, fed from `content/`. */
export default function LandingPage() {
  const copy = useLandingCopy();
  const figures = useFigures();
  const company = useCompany();
  const testimonials = useTestimonials();
  const clients = useClientReferences();
  const { hero } = copy;

  return (
    <>
      <Hero {...hero} image={getImage(hero.image.childImageSharp?.gatsbyImageData ?? null)} />
      <Approach {...copy.approach} />
      <ComplementaryServices {...copy.services} />
      <Guarantees {...copy.guarantees} />
      <Channels
        {...copy.channels}
        channels={figures.channels}
        combinedContactRate={figures.combinedContactRate}
      />
      <Results copy={copy.results} figures={figures} />
      <References {...copy.references} clients={clients} />
      <TestimonialCarousel title={copy.testimonials.title} testimonials={testimonials} />
      <Process {...copy.process} />
      <CallToAction {...copy.cta} phone={company.phone} />
      <ContactSection {...copy.contact} replyHours={figures.quoteReplyHours} />
    </>
  );
}
