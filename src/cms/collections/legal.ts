// The admin's collection for the legal pages (content/legal/): their address is fixed, as the
// site's links lead there, so the admin neither creates nor deletes one.
import { collectionOf } from "../model-fields";
import { pageHead } from "./page-fields";
import { orPlaceholder } from "./words";

export const legalCollection = collectionOf("legal", {
  label: "Pages légales",
  label_singular: "page légale",
  create: false,
  delete: false,
  identifier_field: "title",
  fields: {
    title: pageHead.title,
    path: pageHead.path,
    order: {
      label: "Position",
      hint: "Place du lien dans « Informations légales », en pied de page.",
    },
    description: pageHead.description,
    updatedAt: {
      label: pageHead.updatedAt.label,
      hint: "Affichée sous le titre : « Dernière mise à jour : 20 janvier 2025 ».",
    },
    applicableFrom: {
      label: "Applicable à partir du",
      hint: "Heure de Paris. Vide : le texte s'applique dès la publication. Une date à venir : le site garde la version en vigueur et met celle-ci en ligne de lui-même à cette date.",
    },
  },
  body: {
    label: "Texte de la page",
    hint: orPlaceholder(
      "Les coordonnées s'écrivent par un jeton : {{company.name}}, {{company.headOffice}}…",
    ),
  },
});
