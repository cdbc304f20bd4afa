// The admin's collection for the landing page's copy (content/landing/landing.md), one group per
// section in page order. Figures and company details are written as tokens, never retyped.
import { collectionOf, type FieldWords } from "../model-fields";
import { icon, tokenHint } from "./words";

const text = (label: string, hint?: string): FieldWords => ({ label, ...(hint && { hint }) });
const longText = (label: string, hint?: string): FieldWords => ({
  ...text(label, hint),
  widget: "text",
});

/** The title and introduction most sections open with (Heading in the schema). */
const heading = {
  title: text("Titre de la section", tokenHint),
  intro: longText("Introduction", tokenHint),
};

/** A list of cards: an icon, a title, a text (LandingItem in the schema). */
const items = (label: string) => ({
  label,
  summary: "{{fields.title}}",
  fields: { icon, title: text("Titre", tokenHint), text: longText("Texte", tokenHint) },
});

export const landingCollection = collectionOf("landing", {
  label: "Textes de la page d'accueil",
  file: { path: "content/landing/landing.md", label: "Page d'accueil" },
  fields: {
    seo: {
      label: "Référencement de la page d'accueil",
      fields: {
        title: text("Titre pour les moteurs de recherche", "Environ 60 caractères."),
        description: longText(
          "Description pour les moteurs de recherche",
          `Environ 155 caractères. ${tokenHint}`,
        ),
      },
    },
    hero: {
      label: "Bandeau d'accueil",
      fields: {
        eyebrow: text("Surtitre"),
        title: text("Titre principal"),
        lead: longText("Chapeau"),
        primaryCta: text("Bouton principal (vers le formulaire)"),
        secondaryCta: text("Bouton secondaire (vers les résultats)"),
        image: text(
          "Illustration",
          "Chemin de l'image dans content/images, par exemple ../images/hero.jpg.",
        ),
        imageAlt: text(
          "Description de l'illustration",
          "Ce que montre l'image, pour les personnes qui ne la voient pas.",
        ),
        highlights: {
          label: "Points forts",
          label_singular: "point fort",
          field: { name: "highlight", ...text("Point fort", tokenHint) },
        },
      },
    },
    approach: { label: "Notre approche", fields: { ...heading, cards: items("Cartes") } },
    complementaryServices: {
      label: "Services complémentaires",
      fields: { ...heading, items: items("Services") },
    },
    guarantees: { label: "Garanties", fields: { ...heading, items: items("Garanties") } },
    channels: {
      label: "Canaux",
      fields: {
        ...heading,
        chartCaption: text("Légende du graphique"),
        combinedLabel: text("Libellé du taux combiné"),
      },
    },
    results: {
      label: "Résultats",
      fields: {
        ...heading,
        recoveryLabel: text("Libellé du taux de recouvrement"),
        amicableLabel: text("Libellé de la part amiable"),
        preLitigationLabel: text("Libellé de la part précontentieuse"),
        delayLabel: text("Libellé du délai moyen"),
        casesLabel: text("Libellé des dossiers par mois"),
        amountLabel: text("Libellé du montant moyen recouvré"),
        costLabel: text("Libellé du coût moyen"),
        ratioLabel: text("Libellé du ratio"),
        bandsTitle: text("Titre de la répartition par délai"),
      },
    },
    references: { label: "Références", fields: heading },
    testimonials: { label: "Témoignages", fields: { title: text("Titre de la section") } },
    process: {
      label: "Étapes",
      fields: {
        ...heading,
        steps: {
          label: "Étapes",
          label_singular: "étape",
          summary: "{{fields.title}}",
          fields: { title: text("Titre", tokenHint), text: longText("Texte", tokenHint) },
        },
      },
    },
    cta: {
      label: "Appel à l'action",
      fields: {
        title: text("Titre"),
        text: longText("Texte", tokenHint),
        phoneLabel: text("Texte avant le numéro", "Le numéro vient des coordonnées de la société."),
      },
    },
    contact: {
      label: "Formulaire de devis",
      fields: {
        ...heading,
        points: {
          label: "Arguments",
          label_singular: "argument",
          field: { name: "point", ...text("Argument", tokenHint) },
        },
      },
    },
    footer: { label: "Pied de page", fields: { tagline: text("Accroche") } },
  },
});
