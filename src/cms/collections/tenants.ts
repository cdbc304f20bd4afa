// The admin's collection for the page for tenants (content/tenants/).
import { collectionOf } from "../model-fields";
import { pageBody, pageHead } from "./page-fields";

export const tenantsCollection = collectionOf("tenants", {
  label: "Page locataires",
  description:
    "La page des locataires qui ont reçu un courrier. Sans vocabulaire judiciaire : le site refuse « huissier », « saisie », « contentieux », « poursuites »…",
  file: { path: "content/tenants/locataires.md", label: "Page locataires" },
  fields: {
    ...pageHead,
    landingNotice: {
      label: "Ligne discrète en haut de la page d'accueil",
      fields: {
        text: { label: "Question" },
        link: { label: "Texte du lien vers la page locataires" },
      },
    },
  },
  body: pageBody,
});
