// The admin's collection for the page for tenants (content/tenants/).
import type { CmsCollection } from "../cms-types";
import { pageBody, pageHead } from "./page-fields";

export const tenantsCollection: CmsCollection = {
  name: "tenants",
  label: "Page locataires",
  description:
    "La page des locataires qui ont reçu un courrier. Sans vocabulaire judiciaire : le site refuse « huissier », « saisie », « contentieux », « poursuites »…",
  files: [
    {
      name: "tenants",
      label: "Page locataires",
      file: "content/tenants/locataires.md",
      fields: [
        ...pageHead,
        {
          name: "landingNotice",
          label: "Ligne discrète en haut de la page d'accueil",
          widget: "object",
          fields: [
            { name: "text", label: "Question", widget: "string" },
            { name: "link", label: "Texte du lien vers la page locataires", widget: "string" },
          ],
        },
        pageBody,
      ],
    },
  ],
};
