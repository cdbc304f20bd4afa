// The admin's collection for the accessibility statement (content/accessibility/).
import { collectionOf } from "../model-fields";
import { pageBody, pageHead } from "./page-fields";

export const accessibilityCollection = collectionOf("accessibility", {
  label: "Déclaration d'accessibilité",
  description:
    "L'état de conformité au RGAA, repris en pied de page de chaque page. Sans audit, l'état reste « non conforme ».",
  file: { path: "content/accessibility/accessibilite.md", label: "Déclaration d'accessibilité" },
  fields: {
    ...pageHead,
    state: {
      label: "État de conformité",
      hint: "« partiellement » ou « totalement conforme » exigent la date et le taux d'un audit RGAA : le site refuse sinon.",
    },
    auditDate: { label: "Date de l'audit RGAA", hint: "Seulement après un audit complet." },
    auditRate: {
      label: "Taux de conformité de l'audit (%)",
      hint: "Nombre seul, sans % : 100 pour « totalement », 50 à moins de 100 pour « partiellement ».",
    },
  },
  body: pageBody,
});
