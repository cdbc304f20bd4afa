// Plain typed fixtures taken from the real files in `content/`, tokens already filled in, so
// component tests render what a visitor reads without GraphQL.
import type { ComponentProps } from "react";
import type { HeroProps } from "../components/hero/hero";
import type LegalDocument from "../components/legal/legal-document";
import type { ClientReference } from "../hooks/use-client-references";
import type { Company } from "../hooks/use-company";
import type { Accessibility } from "../hooks/use-accessibility";
import type { Figures } from "../hooks/use-figures";
import type { LandingCopy } from "../hooks/use-landing-copy";
import type { TenantPageLink } from "../hooks/use-tenant-page";
import type { Testimonial } from "../hooks/use-testimonials";
import type { LegalPageLink } from "../hooks/use-legal-pages";

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

export const landingCopy: LandingCopy = {
  seo: {
    title: "Recouvrement des impayés de loyers pour les bailleurs sociaux",
    description:
      "Hestia Recouvrement relance vos locataires en impayé par SMS, email, WhatsApp et téléphone. 65 % de recouvrement, facturation au succès, devis sous 24 h.",
  },
  hero: {
    eyebrow: "Recouvrement amiable pour les bailleurs sociaux",
    title: "Recouvrez vos impayés de loyers, sans rompre le lien avec vos locataires",
    lead: "Offices publics de l'habitat, ESH, SEM : nous relançons vos locataires sur tous les canaux, les aidons à mobiliser leurs droits et vous reversons les sommes par un compte bancaire dédié, exclusivement affecté aux fonds de nos clients. Vous ne payez qu'en cas de succès.",
    primaryCta: "Demander un devis gratuit",
    secondaryCta: "Voir nos résultats",
    imageAlt: "Illustration de résidences d'habitat social entourées d'arbres",
    highlights: [
      "Recouvrement amiable déclaré au procureur de la République, assurance RCP",
      "Compte bancaire dédié, exclusivement affecté aux fonds de nos clients",
      "Prise en charge sous 24 h",
    ],
    image: { childImageSharp: null },
  },
  approach: {
    title: "Une approche complète du recouvrement",
    intro:
      "De la première relance à l'accord de paiement, chaque étape est menée par des spécialistes du logement social.",
    cards: [
      {
        icon: "chat",
        title: "Relances multicanales",
        text: "SMS, email, WhatsApp et messages vocaux : nous joignons chaque locataire sur le canal qu'il consulte vraiment.",
      },
      {
        icon: "scale",
        title: "Démarches précontentieuses",
        text: "Mises en demeure, plans d'apurement et protocoles d'accord, avant tout recours au juge.",
      },
      {
        icon: "book",
        title: "Expertise juridique",
        text: "Des juristes qui connaissent le droit du logement social, la prévention des expulsions et les commissions CCAPEX.",
      },
      {
        icon: "user",
        title: "Suivi personnalisé",
        text: "Un interlocuteur dédié par organisme et un tableau de bord pour suivre chaque dossier en temps réel.",
      },
    ],
  },
  complementaryServices: {
    title: "Des services complémentaires",
    intro:
      "Pour que payer soit simple pour le locataire, et le suivi sans effort pour vos équipes.",
    items: [
      {
        icon: "card",
        title: "Paiement sécurisé et échelonné",
        text: "Des pages de paiement pré-remplies, avec paiement en plusieurs fois, envoyées dans chaque relance.",
      },
      {
        icon: "hand",
        title: "Accès aux aides sociales",
        text: "Nous orientons les locataires vers le FSL, les aides au logement et les dispositifs de leur département.",
      },
      {
        icon: "plug",
        title: "Connexion à votre CRM",
        text: "Les dossiers et les encaissements remontent automatiquement dans votre logiciel de gestion locative.",
      },
    ],
  },
  guarantees: {
    title: "Nos garanties",
    intro: "Un cadre réglementé, des engagements tenus.",
    items: [
      {
        icon: "badge",
        title: "Activité déclarée et assurée",
        text: "Recouvrement amiable déclaré au procureur de la République, assurance RCP auprès de [À COMPLÉTER : assureur responsabilité civile professionnelle] : détails dans les mentions légales.",
      },
      {
        icon: "shield",
        title: "Compte bancaire dédié",
        text: "Les sommes encaissées arrivent sur un compte bancaire dédié, exclusivement affecté aux fonds de nos clients, ouvert chez [À COMPLÉTER : banque du compte dédié aux fonds des clients].",
      },
      {
        icon: "clock",
        title: "Prise en charge sous 24 h",
        text: "Vos dossiers sont traités dès leur transmission ; premier contact avec le débiteur sous 48 h.",
      },
      {
        icon: "euro",
        title: "Facturation au succès",
        text: "Aucun frais fixe : vous ne payez que sur les sommes effectivement recouvrées.",
      },
    ],
  },
  channels: {
    title: "Des canaux qui touchent vraiment vos locataires",
    intro:
      "Taux de contact obtenu par canal sur les dossiers traités. Combinés, ils permettent de joindre la quasi-totalité des débiteurs.",
    chartCaption: "Taux de contact par canal",
    combinedLabel: "Taux de contact, tous canaux combinés",
  },
  results: {
    title: "Des résultats mesurés",
    intro: "Moyennes constatées sur l'ensemble des dossiers confiés par nos clients bailleurs.",
    recoveryLabel: "Taux de recouvrement",
    amicableLabel: "Amiable",
    preLitigationLabel: "Précontentieux",
    delayLabel: "Délai moyen de recouvrement",
    casesLabel: "Dossiers traités chaque mois",
    amountLabel: "Montant moyen recouvré",
    costLabel: "Coût moyen du service",
    ratioLabel: "Retour sur investissement",
    bandsTitle: "Répartition des dossiers par délai de recouvrement",
  },
  references: {
    title: "Ils nous font confiance",
    intro:
      "Offices publics de l'habitat, entreprises sociales pour l'habitat et SEM de toute la France.",
  },
  testimonials: { title: "Ce qu'en disent nos clients" },
  process: {
    title: "Comment ça marche",
    intro: "Quatre étapes, sans engagement jusqu'à la signature.",
    steps: [
      {
        title: "Votre demande",
        text: "Vous décrivez votre parc et vos impayés via le formulaire ou par téléphone.",
      },
      {
        title: "Devis gratuit",
        text: "Nous vous adressons une proposition sur mesure sous 24 h.",
      },
      {
        title: "Prise en charge",
        text: "Vos dossiers sont intégrés sous 24 h, par import ou connexion à votre CRM.",
      },
      {
        title: "Recouvrement et reversement",
        text: "Nous relançons, négocions et vous reversons les sommes encaissées, avec un reporting mensuel.",
      },
    ],
  },
  cta: {
    title: "Parlons de vos impayés dès aujourd'hui",
    text: "Un conseiller spécialiste du logement social vous répond du lundi au vendredi, de 9 h à 18 h.",
    phoneLabel: "Appeler le",
  },
  contact: {
    title: "Demandez votre devis gratuit",
    intro:
      "Décrivez-nous votre situation : nous vous recontactons sous 24 h avec une proposition adaptée.",
    points: [
      "Devis gratuit et sans engagement",
      "Réponse sous 24 h ouvrées",
      "Facturation uniquement au succès",
    ],
  },
  footer: {
    tagline: "Recouvrement amiable des impayés de loyers pour les organismes de logement social.",
  },
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
