// The admin's collection for the client references (content/clients/), shown in their order.
import { collectionOf } from "../model-fields";
import { windowWords } from "./words";

export const clientsCollection = collectionOf("clients", {
  label: "Références clients",
  label_singular: "référence",
  create: true,
  delete: true,
  identifier_field: "name",
  slug: "{{fields.order}}-{{slug}}",
  summary: "{{order}}. {{name}}",
  sortable_fields: ["order", "name"],
  fields: {
    order: { label: "Position", hint: "Ordre d'affichage dans la liste des références." },
    name: { label: "Nom de l'organisme" },
    ...windowWords("la référence"),
  },
});
