import { render, screen, within } from "@testing-library/react";
import React from "react";
import { legalPage } from "../../../test-utils/fixtures";
import LegalDocument from "../legal-document";

describe("LegalDocument", () => {
  it("titles the page with its only level-one heading", () => {
    render(<LegalDocument {...legalPage} />);
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1, name: "Mentions légales" })).toBeInTheDocument();
  });

  it("dates the last update in French, with a machine-readable date", () => {
    render(<LegalDocument {...legalPage} />);
    expect(screen.getByText(/Dernière mise à jour/)).toHaveTextContent(
      "Dernière mise à jour : 20 janvier 2025",
    );
    // One run of text in the <time>, so that the switch of typeface moves nothing sideways.
    expect(screen.getByText(/Dernière mise à jour/)).toHaveAttribute("datetime", "2025-01-20");
  });

  it.each([
    ["2024-12-31", "31 décembre 2024"],
    ["2025-08-15", "15 août 2025"],
  ])("writes the date %s as « %s »", (updatedAt, text) => {
    render(<LegalDocument {...legalPage} updatedAt={updatedAt} />);
    expect(screen.getByText(/Dernière mise à jour/)).toHaveTextContent(
      `Dernière mise à jour : ${text}`,
    );
  });

  it("renders the HTML body made from the Markdown", () => {
    render(<LegalDocument {...legalPage} />);
    expect(screen.getByRole("heading", { level: 2, name: "Éditeur du site" })).toBeInTheDocument();
    expect(
      screen.getByText("Le présent site est édité par Hestia Recouvrement."),
    ).toBeInTheDocument();
  });

  it("keeps the links of the body", () => {
    render(
      <LegalDocument
        {...legalPage}
        html='<p>Voir la <a href="/politique-confidentialite">politique de confidentialité</a>.</p>'
      />,
    );
    expect(screen.getByRole("link", { name: "politique de confidentialité" })).toHaveAttribute(
      "href",
      "/politique-confidentialite",
    );
  });

  it("shows a breadcrumb back to the home page, ending at this page", () => {
    render(<LegalDocument {...legalPage} />);
    const breadcrumb = screen.getByRole("navigation", { name: "Fil d'Ariane" });
    expect(within(breadcrumb).getByRole("link", { name: "Accueil" })).toHaveAttribute("href", "/");
    expect(within(breadcrumb).getByText("Mentions légales")).toHaveAttribute(
      "aria-current",
      "page",
    );
  });
});
