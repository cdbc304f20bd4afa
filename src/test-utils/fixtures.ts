// Plain typed fixtures taken from the real files in `content/`, tokens already filled in, so
// component tests render what a visitor reads without GraphQL.
import type { ComponentProps } from "react";
import type { HeroProps } from "../components/hero/hero";
import type LegalDocument from "../components/legal/legal-document";
import type { ClientReference } from "../hooks/use-client-references";
import type { Company } from "../hooks/use-company";
import type { Accessibility } from "../hooks/use-accessibility";
import type { Figures } from "../hooks/use-figures";
import type { TenantPageLink } from "../hooks/use-tenant-page";
import type { Testimonial } from "../hooks/use-testimonials";
import type { LegalPageLink } from "../hooks/use-legal-pages";
import { landingCopy } from "./landing-copy-fixture";

export { landingCopy };

export const company: Company = {
  name: "Hestia Recouvrement",
  legalForm: "SAS (société par actions simplifiée)",
  shareCapital: "[À COMPLÉTER : capital social]",
  headOffice: "[À COMPLÉTER : adresse du siège]",
  phone: "01 99 00 12 34",
  email: "contact@hestia-recouvrement.fr",
  dpoEmail: "donnees-personnelles@hestia-recouvrement.fr",
  siren: "[À COMPLÉTER : numéro RCS / SIREN]",
  vatNumber: "[À COMPLÉTER : numéro de TVA intracommunautaire]",
  publicationDirector: "[À COMPLÉTER : nom du directeur de la publication]",
  carteGNumber: "[À COMPLÉTER : numéro de carte G]",
  carteGChamber: "[À COMPLÉTER : CCI ayant délivré la carte G]",
  guarantor: "[À COMPLÉTER : garant financier]",
  guaranteeAmount: "[À COMPLÉTER : montant de la garantie financière]",
  insurer: "[À COMPLÉTER : assureur responsabilité civile professionnelle]",
  insurancePolicy: "[À COMPLÉTER : numéro du contrat d'assurance RCP]",
  dedicatedAccountBank: "[À COMPLÉTER : banque du compte dédié aux fonds des clients]",
  prosecutorDeclarationDate: "[À COMPLÉTER : date de la déclaration au procureur, JJ/MM/AAAA]",
  hostName: "[À COMPLÉTER : hébergeur du site]",
  hostAddress: "[À COMPLÉTER : adresse de l'hébergeur]",
  hostPhone: "[À COMPLÉTER : téléphone de l'hébergeur]",
};

export const figures: Figures = {
  recoveryRate: 65,
  amicableRate: 51,
  preLitigationRate: 14,
  averageDelayDays: 15,
  casesPerMonth: 3500,
  averageRecoveredAmount: 24000,
  averageServiceCost: 2000,
  combinedContactRate: 92,
  takeoverHours: 24,
  firstContactHours: 48,
  quoteReplyHours: 24,
  channels: [
    {
      name: "SMS",
      icon: "sms",
      rate: 68,
      description: "Rappels courts et personnalisés, lus dans les minutes qui suivent l'envoi.",
    },
    {
      name: "WhatsApp",
      icon: "chat",
      rate: 74,
      description: "Un échange direct et rassurant, avec lien de paiement sécurisé.",
    },
    {
      name: "Email",
      icon: "mail",
      rate: 32,
      description: "Relances détaillées avec récapitulatif de la dette et échéancier.",
    },
    {
      name: "Téléphone",
      icon: "phone",
      rate: 63,
      description: "Appels de nos chargés de recouvrement et messages vocaux déposés.",
    },
  ],
  delayBands: [
    { days: 7, share: 35 },
    { days: 15, share: 45 },
    { days: 30, share: 20 },
  ],
  sources: [
    {
      label: "Taux, délais, volumes et montants",
      figures: [
        "recoveryRate",
        "amicableRate",
        "preLitigationRate",
        "averageDelayDays",
        "delayBands",
        "casesPerMonth",
        "averageRecoveredAmount",
        "averageServiceCost",
      ],
      period: "[À COMPLÉTER : période, par exemple moyenne 2024]",
      source: "données internes, sur les dossiers clos",
    },
    {
      label: "Taux de contact",
      figures: ["channels", "combinedContactRate"],
      period: "[À COMPLÉTER : période, par exemple année 2024]",
      source: "données internes",
    },
  ],
};

export const heroProps: HeroProps = {
  ...landingCopy.hero,
  image: undefined,
};

export const testimonials: readonly Testimonial[] = [
  {
    id: "testimonial-1",
    role: "Directrice de la gestion locative, office public de l'habitat",
    quote:
      "Nos impayés de plus de trois mois ont baissé de moitié en un an. Les locataires sont relancés avec tact, beaucoup ont obtenu des aides auxquelles ils ne pensaient pas avoir droit, et nos équipes de proximité ont retrouvé du temps pour l'accompagnement.",
  },
  {
    id: "testimonial-2",
    role: "Responsable du recouvrement, entreprise sociale pour l'habitat",
    quote:
      "La prise en charge a été immédiate et le branchement à notre logiciel de gestion s'est fait sans effort de notre part. Nous suivons chaque dossier en temps réel et nous ne payons que sur les sommes effectivement recouvrées.",
  },
  {
    id: "testimonial-3",
    role: "Directeur administratif et financier, société d'économie mixte",
    quote:
      "Ce qui nous a convaincus, c'est l'équilibre entre fermeté et humanité. Les plans d'apurement sont respectés, les procédures contentieuses ont nettement reculé et notre trésorerie s'en ressent dès le premier trimestre.",
  },
];

export const clients: readonly ClientReference[] = [
  { id: "client-1", name: "Habitat Loire Océan" },
  { id: "client-2", name: "Logis Métropole Sud" },
  { id: "client-3", name: "Val d'Oise Habitat Social" },
  { id: "client-4", name: "Alpes Résidences OPH" },
  { id: "client-5", name: "Grand Est Logement" },
  { id: "client-6", name: "Foyers de Normandie" },
];

/** The legal pages as content/legal/ gives them, one at an address of its own choosing. */
export const legalPages: LegalPageLink[] = [
  { path: "/mentions-legales", title: "Mentions légales" },
  { path: "/vie-privee", title: "Politique de confidentialité" },
  { path: "/conditions-generales", title: "Conditions générales d’utilisation" },
];

export const legalPage: ComponentProps<typeof LegalDocument> = {
  title: "Mentions légales",
  updatedAt: "2025-01-20",
  html: "<h2>Éditeur du site</h2><p>Le présent site est édité par Hestia Recouvrement.</p>",
};

export const accessibility: Accessibility = {
  path: "/accessibilite",
  title: "Déclaration d'accessibilité",
  state: "non conforme",
  auditDate: null,
  auditRate: null,
};

export const tenantPage: TenantPageLink = {
  path: "/locataires",
  landingNotice: {
    text: "Vous êtes locataire et avez reçu un courrier de notre part ?",
    link: "Ce qu'il faut savoir",
  },
};
