import { render, screen } from "@testing-library/react";
import React from "react";
import ConformanceState from "../conformance-state";

describe("ConformanceState", () => {
  it.each([
    [
      "non conforme",
      null,
      null,
      "Aucun audit de conformité n'a encore été réalisé : l'état ne peut donc pas être autre que « non conforme ».",
    ],
    [
      "partiellement conforme",
      "2027-03-15",
      72.5,
      "L'audit du 15 mars 2027 relève un taux de conformité de 72,5 %.",
    ],
    [
      "totalement conforme",
      "2027-03-15",
      100,
      "L'audit du 15 mars 2027 relève un taux de conformité de 100 %.",
    ],
  ] as const)("states « %s » and the audit behind it", (state, auditDate, auditRate, audit) => {
    render(
      <ConformanceState
        siteName="Hestia Recouvrement"
        state={state}
        auditDate={auditDate}
        auditRate={auditRate}
      />,
    );
    expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent("État de conformité");
    expect(
      screen.getByText((_, element) =>
        element?.tagName === "P"
          ? element.textContent ===
            `Le site de Hestia Recouvrement est ${state} avec le référentiel général d'amélioration de l'accessibilité (RGAA), version 4.1.2.`
          : false,
      ),
    ).toBeInTheDocument();
    // Testing Library reads the narrow no-break space before « % » as a plain space.
    expect(screen.getByText(audit)).toBeInTheDocument();
  });
});
