// The landing page's copy, as in content/landing/landing.md with its tokens filled in: the
// fixture that component tests of the landing page's sections share (src/test-utils/fixtures.ts
// re-exports it beside the others).
import type { LandingCopy } from "../hooks/use-landing-copy";

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
