// The admin's collection for the testimonials (content/testimonials/), shown in their order.
import { collectionOf } from "../model-fields";
import { windowWords } from "./words";

export const testimonialsCollection = collectionOf("testimonials", {
  label: "Témoignages",
  label_singular: "témoignage",
  create: true,
  delete: true,
  identifier_field: "role",
  slug: "{{fields.order}}-{{slug}}",
  summary: "{{order}}. {{role}}",
  sortable_fields: ["order", "role"],
  fields: {
    order: {
      label: "Position",
      hint: "1 pour le premier témoignage affiché, 2 pour le suivant…",
    },
    role: {
      label: "Fonction de l'auteur",
      hint: "Par exemple : Directrice de la gestion locative, office public de l'habitat.",
    },
    ...windowWords("le témoignage"),
  },
  body: {
    label: "Témoignage",
    hint: "Le texte seul, sans guillemets : le site les ajoute.",
  },
});
