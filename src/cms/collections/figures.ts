// The admin's collection for the figures (content/figures/figures.md): every figure of the
// landing page, typed once, each measured one with its period and source.
import { collectionOf } from "../model-fields";
import { icon, orPlaceholder, percentHint, windowWords } from "./words";

export const figuresCollection = collectionOf("figures", {
  label: "Chiffres",
  description: "Tous les chiffres de la page d'accueil, saisis une seule fois.",
  file: { path: "content/figures/figures.md", label: "Chiffres clés" },
  fields: {
    recoveryRate: {
      label: "Taux de recouvrement (%)",
      hint: `${percentHint} Doit égaler amiable + précontentieux.`,
    },
    amicableRate: { label: "Part recouvrée à l'amiable (%)", hint: percentHint },
    preLitigationRate: { label: "Part recouvrée en précontentieux (%)", hint: percentHint },
    averageDelayDays: {
      label: "Délai moyen de recouvrement (jours)",
      hint: "Nombre de jours, au moins 1.",
    },
    casesPerMonth: {
      label: "Dossiers traités par mois",
      hint: "Nombre entier, sans espace : 3500 s'affiche « 3 500+ ».",
    },
    averageRecoveredAmount: {
      label: "Montant moyen recouvré (€)",
      hint: "Nombre seul, sans espace ni € : 24000.",
    },
    averageServiceCost: {
      label: "Coût moyen du service (€)",
      hint: "Nombre seul, sans espace ni €. Le ratio (12:1) est calculé.",
    },
    combinedContactRate: { label: "Taux de contact, tous canaux combinés (%)", hint: percentHint },
    takeoverHours: {
      label: "Délai de prise en charge (heures)",
      hint: "Repris par le jeton {{figures.takeoverHours}}.",
    },
    firstContactHours: {
      label: "Délai du premier contact avec le débiteur (heures)",
      hint: "Repris par le jeton {{figures.firstContactHours}}.",
    },
    quoteReplyHours: {
      label: "Délai de réponse à une demande de devis (heures)",
      hint: "Repris par le jeton {{figures.quoteReplyHours}}.",
    },
    // The schema's refinement (Figures) refuses an empty list of channels or delays.
    channels: {
      label: "Canaux de relance",
      label_singular: "canal",
      min: 1,
      summary: "{{fields.name}} : {{fields.rate}} %",
      hint: "Au moins un canal. Le graphique les montre dans cet ordre.",
      fields: {
        name: { label: "Nom du canal" },
        icon,
        rate: { label: "Taux de contact (%)", hint: percentHint },
        description: { label: "Description", widget: "text" },
      },
    },
    delayBands: {
      label: "Répartition des dossiers par délai",
      label_singular: "tranche",
      min: 1,
      summary: "{{fields.days}} jours : {{fields.share}} %",
      hint: "Les parts doivent totaliser 100.",
      fields: {
        days: { label: "Délai (jours)", hint: "Nombre entier de jours." },
        share: { label: "Part des dossiers (%)", hint: percentHint },
      },
    },
    sources: {
      label: "Période et source des chiffres",
      label_singular: "source",
      summary: "{{fields.label}} : {{fields.period}}, {{fields.source}}",
      hint: "Affichées sous les chiffres. Chaque chiffre mesuré doit figurer dans une entrée, sinon le site refuse de se construire.",
      fields: {
        label: {
          label: "Chiffres concernés, tels que le visiteur les lit",
          hint: "Par exemple : Taux de contact.",
        },
        figures: { label: "Chiffres couverts", field: { name: "figure", label: "Chiffre" } },
        period: { label: "Période", hint: orPlaceholder("Par exemple : moyenne 2024.") },
        source: {
          label: "Source",
          hint: "Par exemple : données internes, sur les dossiers clos.",
        },
      },
    },
    ...windowWords("ce jeu de chiffres"),
  },
});
