import { render, screen } from "@testing-library/react";
import React from "react";
import useClientReferences from "../../../hooks/use-client-references";
import useCompany from "../../../hooks/use-company";
import useFigures from "../../../hooks/use-figures";
import useLandingCopy from "../../../hooks/use-landing-copy";
import { usePrivacyPolicyPath } from "../../../hooks/use-legal-pages";
import useTenantPage from "../../../hooks/use-tenant-page";
import useTestimonials from "../../../hooks/use-testimonials";
import {
  clients,
  company,
  figures,
  landingCopy,
  tenantPage,
  testimonials,
} from "../../../test-utils/fixtures";
import LandingPage from "../landing-page";

// The hooks wrap useStaticQuery; they are given fixtures so the page renders without GraphQL.
jest.mock("../../../hooks/use-client-references");
jest.mock("../../../hooks/use-company");
jest.mock("../../../hooks/use-figures");
jest.mock("../../../hooks/use-landing-copy");
jest.mock("../../../hooks/use-legal-pages");
jest.mock("../../../hooks/use-tenant-page");
jest.mock("../../../hooks/use-testimonials");

beforeEach(() => {
  jest.mocked(useClientReferences).mockReturnValue(clients);
  jest.mocked(useCompany).mockReturnValue(company);
  jest.mocked(useFigures).mockReturnValue(figures);
  jest.mocked(useLandingCopy).mockReturnValue(landingCopy);
  jest.mocked(usePrivacyPolicyPath).mockReturnValue("/politique-confidentialite");
  jest.mocked(useTestimonials).mockReturnValue(testimonials);
  jest.mocked(useTenantPage).mockReturnValue(tenantPage);
});

it("draws every section in the order of docs/product.md", async () => {
  render(<LandingPage />);
  await screen.findByRole("form", { name: "Demande de devis" });
  const sectionTitles = [
    landingCopy.approach.title,
    landingCopy.complementaryServices.title,
    landingCopy.guarantees.title,
    landingCopy.channels.title,
    landingCopy.results.title,
    landingCopy.references.title,
    landingCopy.testimonials.title,
    landingCopy.process.title,
    landingCopy.cta.title,
    landingCopy.contact.title,
  ];
  const headings = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
  expect(headings.filter((text) => sectionTitles.includes(text ?? ""))).toEqual(sectionTitles);
  expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(landingCopy.hero.title);
});

it("offers tenants their page on a line above the hero, before any other link of the page", () => {
  render(<LandingPage />);
  const links = screen.getAllByRole("link");
  expect(links[0]).toHaveAccessibleName("Ce qu'il faut savoir");
  expect(links[0]).toHaveAttribute("href", "/locataires");
  expect(
    screen.getByText("Vous êtes locataire et avez reçu un courrier de notre part ?", {
      exact: false,
    }),
  ).toBeInTheDocument();
});

it("notes the period and source of the figures under them, not in a tooltip", () => {
  render(<LandingPage />);
  expect(
    screen.getByText(
      "Taux, délais, volumes et montants : [À COMPLÉTER : période, par exemple moyenne 2024], données internes, sur les dossiers clos.",
    ),
  ).toBeVisible();
  expect(
    screen.getByText(
      "Taux de contact : [À COMPLÉTER : période, par exemple année 2024], données internes.",
    ),
  ).toBeVisible();
});
