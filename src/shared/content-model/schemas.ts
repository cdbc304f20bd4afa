import { array, object, refine, type Infer } from "superstruct";
import {
  graphqlType,
  isoDate,
  oneOf,
  optionalField,
  parisDateTime,
  patternText,
  patternTextOrPlaceholder,
  percentage,
  positiveInteger,
  positiveNumber,
  relativeFile,
  text,
} from "./fields";
import { iconNames } from "./icon-names";
import { parisInstant } from "./paris-time";
import * as patterns from "./patterns";

// One schema per kind of content file. The build checks every file against its kind's schema
// (see src/build/content-checks.ts), so the site never renders a missing or mistyped value.

const icon = () => oneOf(iconNames);

// An entry shown for a time only (a testimonial, a reference, a set of figures): from
// « publishFrom » on, until « retireAt », both Paris times and both optional. The build made « as
// of » an instant leaves out what is not in force then (src/build/schedule.ts).
const windowFields = {
  publishFrom: optionalField(parisDateTime()),
  retireAt: optionalField(parisDateTime()),
};

function* windowProblems(entry: { publishFrom?: string; retireAt?: string }) {
  const from = parisInstant(entry.publishFrom);
  const to = parisInstant(entry.retireAt);
  if (from && to && to.getTime() <= from.getTime()) {
    yield `champ « retireAt » : « ${entry.retireAt} » n'est pas après « publishFrom » (« ${entry.publishFrom} ») : retirer après avoir publié, ou laisser « retireAt » vide`;
  }
}

// Company details: the legal notice shows each of them. A value the company has not given yet
// is a `[À COMPLÉTER : …]` placeholder, accepted here and refused by a strict build. The facts
// that prove a regulated claim (claims.ts) are required; the carte G's are optional, as the card
// is only shown where the copy claims it.
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
  carteGNumber: optionalField(patternTextOrPlaceholder(patterns.carteGNumber)),
  carteGChamber: optionalField(text()),
  guarantor: optionalField(text()),
  guaranteeAmount: optionalField(text()),
  insurer: text(),
  insurancePolicy: text(),
  dedicatedAccountBank: text(),
  prosecutorDeclarationDate: patternTextOrPlaceholder(patterns.frenchDate),
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

/** The measured figures: each needs a period and a source (`sources`); commitments do not. */
export const sourcedFigures = [
  "recoveryRate",
  "amicableRate",
  "preLitigationRate",
  "averageDelayDays",
  "casesPerMonth",
  "averageRecoveredAmount",
  "averageServiceCost",
  "combinedContactRate",
  "channels",
  "delayBands",
] as const;

const FigureSource = graphqlType(
  "FigureSource",
  object({
    label: text(),
    figures: array(oneOf(sourcedFigures)),
    period: text(),
    source: text(),
  }),
);

export const Figures = refine(
  refine(
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
      sources: array(FigureSource),
      ...windowFields,
    }),
    "window",
    windowProblems,
  ),
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
    const sourced = new Set(figures.sources.flatMap((source) => source.figures));
    for (const name of sourcedFigures) {
      if (!sourced.has(name)) {
        yield `le chiffre « ${name} » n'a ni période ni source : l'ajouter aux « figures » d'une entrée de « sources »`;
      }
    }
  },
);
export type Figures = Infer<typeof Figures>;

export const Testimonial = refine(
  object({ order: positiveInteger(), role: text(), ...windowFields }),
  "window",
  windowProblems,
);
export const ClientReference = refine(
  object({ order: positiveInteger(), name: text(), ...windowFields }),
  "window",
  windowProblems,
);

/** What every page made from one Markdown file declares: its head and its address. */
const pageFields = {
  title: text(),
  path: patternText(patterns.sitePath),
  description: text(),
  updatedAt: isoDate(),
};

// A legal text applies from a Paris time on (« applicableFrom »; left out, it always has): a new
// version is a file of the same `path` applicable later, which replaces the former at its instant.
export const LegalPage = object({
  ...pageFields,
  order: positiveInteger(),
  applicableFrom: optionalField(parisDateTime()),
});

/** The states of the accessibility statement's model (DINUM), worded as the footer shows them. */
export const conformanceStates = [
  "non conforme",
  "partiellement conforme",
  "totalement conforme",
] as const;

// The model's thresholds: « totalement » is every RGAA criterion met, « partiellement » at least
// half of them; both can only come from an audit, which gives its date and its rate.
export const AccessibilityStatement = refine(
  object({
    ...pageFields,
    state: oneOf(conformanceStates),
    auditDate: optionalField(isoDate()),
    auditRate: optionalField(percentage()),
  }),
  "audit",
  function* ({ state, auditDate, auditRate }) {
    if (state === "non conforme") {
      if (auditRate !== undefined && auditRate >= 50) {
        yield `« auditRate » vaut ${auditRate} : à partir de 50 %, l'état est « partiellement conforme »`;
      }
      return;
    }
    if (auditDate === undefined || auditRate === undefined) {
      yield `l'état « ${state} » exige un audit RGAA : renseigner « auditDate » (date de l'audit) et « auditRate » (taux de conformité), ou écrire « non conforme »`;
    } else if (state === "totalement conforme" && auditRate < 100) {
      yield `l'état « totalement conforme » exige un taux de 100 %, trouvé « auditRate » ${auditRate}`;
    } else if (state === "partiellement conforme" && (auditRate < 50 || auditRate >= 100)) {
      yield `l'état « partiellement conforme » exige un taux d'au moins 50 % et de moins de 100 %, trouvé « auditRate » ${auditRate}`;
    }
  },
);
export type AccessibilityStatement = Infer<typeof AccessibilityStatement>;

export const TenantPage = object({
  ...pageFields,
  landingNotice: object({ text: text(), link: text() }),
});
export type TenantPage = Infer<typeof TenantPage>;

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
