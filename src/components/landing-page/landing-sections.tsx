import type { IGatsbyImageData } from "gatsby-plugin-image";
import React, { type ReactNode } from "react";
import type { ClientReference } from "../../hooks/use-client-references";
import type { Figures } from "../../hooks/use-figures";
import type { LandingCopy } from "../../hooks/use-landing-copy";
import type { Testimonial } from "../../hooks/use-testimonials";
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

/** What most sections read: the landing copy, the figures, the company's phone, the hero image. */
export type CopyData = {
  copy: LandingCopy;
  figures: Figures;
  phone: string;
  heroImage: IGatsbyImageData | undefined;
};

/** What the page adds for the others: the lists of their own folders, the form's link. */
export type PageData = CopyData & {
  testimonials: readonly Testimonial[];
  clients: readonly ClientReference[];
  privacyPolicyPath: string;
};

/**
 * A section of the landing page. Those that read only `CopyData` are also drawn by the admin's
 * preview of the landing copy (src/cms/previews.tsx); only those with behaviour are hydrated
 * (the others keep the server's HTML: see src/start-up/).
 */
type LandingSection =
  | { name: string; reads: "copy"; render: (data: CopyData) => ReactNode }
  | {
      name: string;
      reads: "page";
      hasBehaviour: boolean;
      render: (data: PageData) => ReactNode;
    };

/** The landing page's sections, in the specification's order. */
export const landingSections: readonly LandingSection[] = [
  {
    name: "hero",
    reads: "copy",
    render: ({ copy, heroImage }) => <Hero {...copy.hero} image={heroImage} />,
  },
  { name: "approach", reads: "copy", render: ({ copy }) => <Approach {...copy.approach} /> },
  {
    name: "complementaryServices",
    reads: "copy",
    render: ({ copy }) => <ComplementaryServices {...copy.complementaryServices} />,
  },
  { name: "guarantees", reads: "copy", render: ({ copy }) => <Guarantees {...copy.guarantees} /> },
  {
    name: "channels",
    reads: "copy",
    render: ({ copy, figures }) => (
      <Channels
        {...copy.channels}
        channels={figures.channels}
        combinedContactRate={figures.combinedContactRate}
      />
    ),
  },
  {
    name: "results",
    reads: "copy",
    render: ({ copy, figures }) => <Results copy={copy.results} figures={figures} />,
  },
  {
    name: "references",
    reads: "page",
    hasBehaviour: false,
    render: ({ copy, clients }) => <References {...copy.references} clients={clients} />,
  },
  {
    name: "testimonials",
    reads: "page",
    hasBehaviour: true,
    render: ({ copy, testimonials }) => (
      <TestimonialCarousel title={copy.testimonials.title} testimonials={testimonials} />
    ),
  },
  { name: "process", reads: "copy", render: ({ copy }) => <Process {...copy.process} /> },
  {
    name: "cta",
    reads: "copy",
    render: ({ copy, phone }) => <CallToAction {...copy.cta} phone={phone} />,
  },
  {
    name: "contact",
    reads: "page",
    hasBehaviour: true,
    render: ({ copy, figures, privacyPolicyPath }) => (
      <ContactSection
        {...copy.contact}
        replyHours={figures.quoteReplyHours}
        privacyPolicyPath={privacyPolicyPath}
      />
    ),
  },
];
