import { array, object, refine, type Infer } from "superstruct";
import {
  graphqlType,
  isoDate,
  oneOf,
  patternText,
  patternTextOrPlaceholder,
  percentage,
  positiveInteger,
  positiveNumber,
  relativeFile,
  text,
} from "./fields";
import { iconNames } from "./icon-names";
import * as patterns from "./patterns";

// One schema per kind of content file. The build checks every file against its kind's schema
// (see src/build/content-checks.ts), so the site never renders a missing or mistyped value.

const icon = () => oneOf(iconNames);

// Company details: the legal notice shows each of them. A value the company has not given yet
// is a `[À COMPLÉTER : …]` placeholder, accepted here and refused by a strict build.
export const CompanyDetails = object({
  name: text(),
  legalForm: text(),
  shareCapital: text(),
  headOffice: text(),
  phone: patternTextOrPlaceholder(patterns.frenchPhone),
  email: patternTextOrPlaceholder(patterns.email),
  dpoEmail: patternTextOrPlaceholder(patterns.email),
  siren: patternTextOrPlaceholder(patterns.siren),
  vatNumber: patternTextOrPlaceholder(patterns.vatNumber),
  publicationDirector: text(),
  carteGNumber: patternTextOrPlaceholder(patterns.carteGNumber),
  carteGChamber: text(),
  guarantor: text(),
  guaranteeAmount: text(),
  insurer: text(),
  hostName: text(),
  hostAddress: text(),
  hostPhone: patternTextOrPlaceholder(patterns.anyPhone),
});
export type CompanyDetails = Infer<typeof CompanyDetails>;

const Channel = graphqlType(
  "Channel",
  object({ name: text(), icon: icon(), rate: percentage(), description: text() }),
);
const DelayBand = graphqlType(
  "DelayBand",
  object({ days: positiveInteger(), share: percentage() }),
);

export const Figures = refine(
  object({
    recoveryRate: percentage(),
    amicableRate: percentage(),
    preLitigationRate: percentage(),
    averageDelayDays: positiveNumber(),
    casesPerMonth: positiveInteger(),
    averageRecoveredAmount: positiveNumber(),
    averageServiceCost: positiveNumber(),
    combinedContactRate: percentage(),
    takeoverHours: positiveInteger(),
    firstContactHours: positiveInteger(),
    quoteReplyHours: positiveInteger(),
    channels: array(Channel),
    delayBands: array(DelayBand),
  }),
  "consistency",
  function* (figures) {
    const split = figures.amicableRate + figures.preLitigationRate;
    if (Math.abs(split - figures.recoveryRate) > 0.001) {
      yield `les taux « amicableRate » (${figures.amicableRate}) + « preLitigationRate » (${figures.preLitigationRate}) font ${split}, attendu égal à « recoveryRate » (${figures.recoveryRate})`;
    }
    const shares = figures.delayBands.reduce((sum, band) => sum + band.share, 0);
    if (Math.abs(shares - 100) > 0.001) {
      yield `les parts « share » de « delayBands » font ${shares} au total, attendu 100`;
    }
    if (figures.channels.length === 0) yield "« channels » est vide, attendu au moins un canal";
    if (figures.delayBands.length === 0) yield "« delayBands » est vide, attendu au moins un délai";
  },
);
export type Figures = Infer<typeof Figures>;

export const Testimonial = object({ order: positiveInteger(), role: text() });
export const ClientReference = object({ order: positiveInteger(), name: text() });

export const LegalPage = object({
  title: text(),
  path: patternText(patterns.sitePath),
  order: positiveInteger(),
  description: text(),
  updatedAt: isoDate(),
});

const Item = graphqlType("LandingItem", object({ icon: icon(), title: text(), text: text() }));
const Heading = { title: text(), intro: text() };

export const LandingCopy = object({
  seo: object({ title: text(), description: text() }),
  hero: object({
    eyebrow: text(),
    title: text(),
    lead: text(),
    primaryCta: text(),
    secondaryCta: text(),
    image: relativeFile(patterns.imagePath),
    imageAlt: text(),
    highlights: array(text()),
  }),
  approach: object({ ...Heading, cards: array(Item) }),
  complementaryServices: object({ ...Heading, items: array(Item) }),
  guarantees: object({ ...Heading, items: array(Item) }),
  channels: object({ ...Heading, chartCaption: text(), combinedLabel: text() }),
  results: object({
    ...Heading,
    recoveryLabel: text(),
    amicableLabel: text(),
    preLitigationLabel: text(),
    delayLabel: text(),
    casesLabel: text(),
    amountLabel: text(),
    costLabel: text(),
    ratioLabel: text(),
    bandsTitle: text(),
  }),
  references: object(Heading),
  testimonials: object({ title: text() }),
  process: object({ ...Heading, steps: array(object({ title: text(), text: text() })) }),
  cta: object({ title: text(), text: text(), phoneLabel: text() }),
  contact: object({ ...Heading, points: array(text()) }),
  footer: object({ tagline: text() }),
});
