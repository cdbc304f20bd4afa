// Words that several of the admin's collections give their fields, written once.
import type { FieldWords } from "../model-fields";

const placeholderHint =
  "Encore inconnu ? Écrivez [À COMPLÉTER : ce qui manque] : le site se construit, mais la mise en production le refuse.";

/** A hint for a value the company may not know yet: a placeholder stands in until then. */
export const orPlaceholder = (hint?: string) =>
  hint ? `${hint} ${placeholderHint}` : placeholderHint;

export const tokenHint =
  "Un chiffre ou une coordonnée s'écrit par un jeton, par exemple {{figures.takeoverHours}} ou {{company.phone}}.";

export const icon: FieldWords = {
  label: "Icône",
  hint: "Le pictogramme affiché à côté du titre.",
};

/** A number typed without its unit: the site writes the %. */
export const percentHint = "Nombre seul, sans %.";

/** The dates between which an entry is shown: Paris time, both optional. */
export const windowWords = (what: string) => ({
  publishFrom: {
    label: "Publier à partir du",
    hint: `Heure de Paris. Vide : ${what} est en ligne dès la publication. Sinon, le site le met en ligne de lui-même à cette date.`,
  },
  retireAt: {
    label: "Retirer le",
    hint: `Heure de Paris. Vide : ${what} reste en ligne. Sinon, le site le retire de lui-même à cette date, qui doit suivre « Publier à partir du ».`,
  },
});
