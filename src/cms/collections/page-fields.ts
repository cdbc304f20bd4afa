// The words of the fields every page made from one Markdown file has (title, address,
// description, date, text), as the build's schema declares them (pageFields in
// src/shared/content-model/schemas.ts).
import type { FieldWords } from "../model-fields";

export const pageHead = {
  title: { label: "Titre de la page" },
  path: {
    label: "Adresse de la page",
    hint: "Ne changez l'adresse qu'en connaissance de cause : les liens du site y mènent.",
  },
  description: {
    label: "Description pour les moteurs de recherche",
    widget: "text",
    hint: "Environ 155 caractères.",
  },
  updatedAt: {
    label: "Date de mise à jour",
    hint: "Affichée sous le titre : « Dernière mise à jour : … ».",
  },
} satisfies Record<string, FieldWords>;

export const pageBody: FieldWords = {
  label: "Texte de la page",
  hint: "Les coordonnées s'écrivent par un jeton : {{company.name}}, {{company.email}}, {{company.phone}}…",
};
