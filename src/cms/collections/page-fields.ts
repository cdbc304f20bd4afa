// The fields every page made from one Markdown file asks for (title, address, description, date,
// text), as the build's schema declares them (src/shared/content-model/schemas.ts).
import type { CmsField } from "../cms-types";
import { wholeValue } from "../../shared/content-model/fields";
import { sitePath } from "../../shared/content-model/patterns";

/** A calendar day saved as `AAAA-MM-JJ`, as the build reads it. */
export function day(name: string, label: string, hint: string, required = true): CmsField {
  return {
    name,
    label,
    widget: "datetime",
    format: "YYYY-MM-DD",
    date_format: "DD/MM/YYYY",
    time_format: false,
    picker_utc: true,
    hint,
    ...(!required && { required: false }),
  };
}

export const pageHead: CmsField[] = [
  { name: "title", label: "Titre de la page", widget: "string" },
  {
    name: "path",
    label: "Adresse de la page",
    widget: "string",
    hint: "Ne changez l'adresse qu'en connaissance de cause : les liens du site y mènent.",
    pattern: [wholeValue(sitePath, false).source, `Attendu : ${sitePath.expected}.`],
  },
  {
    name: "description",
    label: "Description pour les moteurs de recherche",
    widget: "text",
    hint: "Environ 155 caractères.",
  },
  day("updatedAt", "Date de mise à jour", "Affichée sous le titre : « Dernière mise à jour : … »."),
];

export const pageBody: CmsField = {
  name: "body",
  label: "Texte de la page",
  widget: "markdown",
  // Raw first: the rich-text editor may rewrite tokens such as {{company.name}}.
  modes: ["raw", "rich_text"],
  hint: "Les coordonnées s'écrivent par un jeton : {{company.name}}, {{company.email}}, {{company.phone}}…",
};
