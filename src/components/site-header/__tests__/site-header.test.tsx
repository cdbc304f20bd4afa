import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import React from "react";
import useCompany from "../../../hooks/use-company";
import { company } from "../../../test-utils/fixtures";
import SiteHeader from "../site-header";

// The header reads the company name through a hook over useStaticQuery; the hook is given the
// fixture so the test needs no GraphQL.
jest.mock("../../../hooks/use-company");

beforeEach(() => {
  jest.mocked(useCompany).mockReturnValue(company);
});

function mainNavigation() {
  return screen.getByRole("navigation", { name: "Navigation principale" });
}

describe("SiteHeader", () => {
  it("links the brand to the home page under the company's name", () => {
    render(<SiteHeader />);
    expect(screen.getByRole("link", { name: "Hestia Recouvrement, accueil" })).toHaveAttribute(
      "href",
      "/",
    );
  });

  it.each([
    ["Services", "/#services"],
    ["Résultats", "/#results"],
    ["Références", "/#clients"],
    ["Contact", "/#contact"],
    ["Devis Gratuit", "/#contact"],
  ])("the main navigation links « %s » to %s", (name, href) => {
    render(<SiteHeader />);
    expect(within(mainNavigation()).getByRole("link", { name })).toHaveAttribute("href", href);
  });

  it("gives the section links in page order, then the quote button", () => {
    render(<SiteHeader />);
    expect(
      within(mainNavigation())
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Services", "Résultats", "Références", "Contact", "Devis Gratuit"]);
  });

  it("has a menu button that controls the navigation and starts closed", () => {
    render(<SiteHeader />);
    const button = screen.getByRole("button", { name: "Menu" });
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(button).toHaveAttribute("aria-controls", mainNavigation().id);
  });

  it("opens and closes the menu with its button", async () => {
    const user = userEvent.setup();
    render(<SiteHeader />);
    await user.click(screen.getByRole("button", { name: "Menu" }));
    expect(screen.getByRole("button", { name: "Fermer" })).toHaveAttribute("aria-expanded", "true");
    await user.click(screen.getByRole("button", { name: "Fermer" }));
    expect(screen.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
  });

  it("closes the open menu on Escape", async () => {
    const user = userEvent.setup();
    render(<SiteHeader />);
    await user.click(screen.getByRole("button", { name: "Menu" }));
    await user.keyboard("{Escape}");
    expect(screen.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
  });

  it("gives focus back to the menu button when Escape hides the focused link", async () => {
    const user = userEvent.setup();
    render(<SiteHeader />);
    await user.click(screen.getByRole("button", { name: "Menu" }));
    screen.getByRole("link", { name: "Services" }).focus();
    await user.keyboard("{Escape}");
    expect(screen.getByRole("button", { name: "Menu" })).toHaveFocus();
  });

  it("closes the menu when Tab leaves it, and only then", async () => {
    const user = userEvent.setup();
    render(
      <>
        <SiteHeader />
        <a href="#contenu">Après le menu</a>
      </>,
    );
    await user.click(screen.getByRole("button", { name: "Menu" }));
    within(mainNavigation()).getByRole("link", { name: "Contact" }).focus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Fermer" })).toHaveAttribute("aria-expanded", "true");
    await user.tab();
    expect(screen.getByRole("link", { name: "Après le menu" })).toHaveFocus();
    expect(screen.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
  });

  it("leaves the closed menu closed on Escape", async () => {
    const user = userEvent.setup();
    render(<SiteHeader />);
    await user.keyboard("{Escape}");
    expect(screen.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
  });

  it.each(["Services", "Devis Gratuit"])(
    "closes the menu once « %s » is followed",
    async (name) => {
      const user = userEvent.setup();
      render(<SiteHeader />);
      await user.click(screen.getByRole("button", { name: "Menu" }));
      await user.click(within(mainNavigation()).getByRole("link", { name }));
      expect(screen.getByRole("button", { name: "Menu" })).toHaveAttribute(
        "aria-expanded",
        "false",
      );
    },
  );
});
