import { getImage } from "gatsby-plugin-image";
import React, { memo, Suspense } from "react";
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

/**
 * A section hydrated on its own. React hydrates the page's shell first, then each boundary in a
 * separate, lower-priority pass with its own commit, so no single task has to bring the whole
 * page to life on a slow phone. The server HTML shows meanwhile.
 */
function Hydrated({ children }: { children: React.ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

/**
 * The landing page's sections, in the specification's order, fed from `content/`. Memoised: a
 * re-render of the page (a hash change) must not reach a section still waiting to hydrate, or
 * React would drop its server HTML and render it again.
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
      <Hero {...hero} image={getImage(hero.image.childImageSharp?.gatsbyImageData ?? null)} />
      <Hydrated>
        <Approach {...copy.approach} />
      </Hydrated>
      <Hydrated>
        <ComplementaryServices {...copy.services} />
      </Hydrated>
      <Hydrated>
        <Guarantees {...copy.guarantees} />
      </Hydrated>
      <Hydrated>
        <Channels
          {...copy.channels}
          channels={figures.channels}
          combinedContactRate={figures.combinedContactRate}
        />
      </Hydrated>
      <Hydrated>
        <Results copy={copy.results} figures={figures} />
      </Hydrated>
      <Hydrated>
        <References {...copy.references} clients={clients} />
      </Hydrated>
      {/* Hydrated with the page: a stateful section left to a later pass was seen, now and
          then, to fail hydration and render again. */}
      <TestimonialCarousel title={copy.testimonials.title} testimonials={testimonials} />
      <Hydrated>
        <Process {...copy.process} />
      </Hydrated>
      <Hydrated>
        <CallToAction {...copy.cta} phone={company.phone} />
      </Hydrated>
      <ContactSection {...copy.contact} replyHours={figures.quoteReplyHours} />
    </>
  );
});

export default LandingPage;
