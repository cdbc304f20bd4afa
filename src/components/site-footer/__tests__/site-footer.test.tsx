import { render, screen, within } from "@testing-library/react";
import React from "react";
import useAccessibility from "../../../hooks/use-accessibility";
import useCompany from "../../../hooks/use-company";
import useLandingCopy from "../../../hooks/use-landing-copy";
import useLegalPages from "../../../hooks/use-legal-pages";
import useSiteMetadata from "../../../hooks/use-site-metadata";
import useTenantPage from "../../../hooks/use-tenant-page";
import {
  accessibility,
  company,
  landingCopy,
  legalPages,
  tenantPage,
} from "../../../test-utils/fixtures";
import SiteFooter from "../site-footer";

// The hooks wrap useStaticQuery; they are given fixtures so the footer renders without GraphQL.
jest.mock("../../../hooks/use-accessibility");
jest.mock("../../../hooks/use-company");
jest.mock("../../../hooks/use-landing-copy");
jest.mock("../../../hooks/use-legal-pages");
jest.mock("../../../hooks/use-site-metadata");
jest.mock("../../../hooks/use-tenant-page");

const headOffice = "12 rue de la République, 69002 Lyon";

beforeEach(() => {
  jest.mocked(useCompany).mockReturnValue(company);
  jest.mocked(useLandingCopy).mockReturnValue(landingCopy);
  jest.mocked(useLegalPages).mockReturnValue(legalPages);
  jest.mocked(useAccessibility).mockReturnValue(accessibility);
  jest.mocked(useTenantPage).mockReturnValue(tenantPage);
  jest.mocked(useSiteMetadata).mockReturnValue({
    siteUrl: "https://www.example.fr",
    copyrightYear: 2031,
    previewBranch: null,
    previewAt: null,
  });
});

describe("SiteFooter", () => {
  it("is the page's content information, with the company name and tagline", () => {
    render(<SiteFooter />);
    const footer = screen.getByRole("contentinfo");
    expect(within(footer).getByText("Hestia Recouvrement")).toBeInTheDocument();
    expect(within(footer).getByText(landingCopy.footer.tagline)).toBeInTheDocument();
  });

  it("links each legal page of content/legal/, in its order, then the accessibility statement", () => {
    render(<SiteFooter />);
    const legal = screen.getByRole("navigation", { name: "Informations légales" });
    const links = within(legal).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Mentions légales", "/mentions-legales"],
      ["Politique de confidentialité", "/vie-privee"],
      ["Conditions générales d’utilisation", "/conditions-generales"],
      ["Accessibilité : non conforme", "/accessibilite"],
    ]);
  });

  it.each(["non conforme", "partiellement conforme", "totalement conforme"] as const)(
    "says « Accessibilité : %s » when the statement says so",
    (state) => {
      jest.mocked(useAccessibility).mockReturnValue({ ...accessibility, state });
      render(<SiteFooter />);
      expect(screen.getByRole("link", { name: `Accessibilité : ${state}` })).toHaveAttribute(
        "href",
        "/accessibilite",
      );
    },
  );

  it.each([
    ["01 99 00 12 34", "tel:+33199001234"],
    ["contact@hestia-recouvrement.fr", "mailto:contact@hestia-recouvrement.fr"],
    ["Nous contacter", "/contact"],
    ["Vous êtes locataire ?", "/locataires"],
  ])("links « %s » to %s", (name, href) => {
    render(<SiteFooter />);
    expect(screen.getByRole("link", { name })).toHaveAttribute("href", href);
  });

  it("dials the phone number content gives", () => {
    jest.mocked(useCompany).mockReturnValue({ ...company, phone: "+33 4 72 00 00 00" });
    render(<SiteFooter />);
    expect(screen.getByRole("link", { name: "+33 4 72 00 00 00" })).toHaveAttribute(
      "href",
      "tel:+33472000000",
    );
  });

  it("does not show a head office that is still a placeholder", () => {
    render(<SiteFooter />);
    expect(screen.queryByText(/À COMPLÉTER/)).not.toBeInTheDocument();
  });

  it("shows the head office once content gives it", () => {
    jest.mocked(useCompany).mockReturnValue({ ...company, headOffice });
    render(<SiteFooter />);
    expect(screen.getByText(headOffice)).toBeInTheDocument();
  });

  it("writes the copyright for the year of the build, as the static HTML has it", () => {
    render(<SiteFooter />);
    expect(
      screen.getByText("© 2031 Hestia Recouvrement. Tous droits réservés."),
    ).toBeInTheDocument();
  });
});
