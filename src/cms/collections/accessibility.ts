// The admin's collection for the accessibility statement (content/accessibility/).
import type { CmsCollection } from "../cms-types";
import { conformanceStates } from "../../shared/content-model/schemas";
import { day, pageBody, pageHead } from "./page-fields";

export const accessibilityCollection: CmsCollection = {
  name: "accessibility",
  label: "Déclaration d'accessibilité",
  description:
    "L'état de conformité au RGAA, repris en pied de page de chaque page. Sans audit, l'état reste « non conforme ».",
  files: [
    {
      name: "accessibility",
      label: "Déclaration d'accessibilité",
      file: "content/accessibility/accessibilite.md",
      fields: [
        ...pageHead,
        {
          name: "state",
          label: "État de conformité",
          widget: "select",
          options: [...conformanceStates],
          hint: "« partiellement » ou « totalement conforme » exigent la date et le taux d'un audit RGAA : le site refuse sinon.",
        },
        day("auditDate", "Date de l'audit RGAA", "Seulement après un audit complet.", false),
        {
          name: "auditRate",
          label: "Taux de conformité de l'audit (%)",
          widget: "number",
          value_type: "float",
          min: 0,
          max: 100,
          required: false,
          hint: "Nombre seul, sans % : 100 pour « totalement », 50 à moins de 100 pour « partiellement ».",
        },
        pageBody,
      ],
    },
  ],
};
