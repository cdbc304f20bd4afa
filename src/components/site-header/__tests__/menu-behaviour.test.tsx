import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import useCompany from "../../../hooks/use-company";
import { company } from "../../../test-utils/fixtures";
import { enhanceMenu } from "../menu-behaviour";
import SiteHeader from "../site-header";

// Production pages run the script over the server's HTML with no React on the page: these tests
// do the same, where site-header.test.tsx goes through the component.

// The header reads the company name through a hook over useStaticQuery; the hook is given the
// fixture so the test needs no GraphQL.
jest.mock("../../../hooks/use-company");

const cleanups: (() => void)[] = [];

/** The header as the server sends it, with a link after it: HTML, no React, no listener. */
function serveHeader() {
  document.body.innerHTML =
    renderToStaticMarkup(<SiteHeader />) + `<a href="#contenu">Après le menu</a>`;
  return screen.getByRole("banner");
}

function enhance(header: HTMLElement) {
  const cleanup = enhanceMenu(header);
  cleanups.push(cleanup);
  return cleanup;
}

function mainNavigation() {
  return screen.getByRole("navigation", { name: "Navigation principale" });
}

function menuButton(name: "Menu" | "Fermer") {
  return screen.getByRole("button", { name });
}

beforeEach(() => {
  jest.mocked(useCompany).mockReturnValue(company);
});

afterEach(() => {
  cleanups.splice(0).forEach((cleanup) => cleanup());
  document.body.innerHTML = "";
});

describe("the header's server HTML", () => {
  it("has the closed menu, its button controlling the navigation by a fixed id", () => {
    serveHeader();
    expect(menuButton("Menu")).toHaveAttribute("aria-expanded", "false");
    expect(menuButton("Menu")).toHaveAttribute("aria-controls", "menu-principal");
    expect(mainNavigation()).toHaveAttribute("id", "menu-principal");
  });
});

describe("enhanceMenu", () => {
  it("opens and closes the menu with its button, with no React on the page", async () => {
    const user = userEvent.setup();
    enhance(serveHeader());
    await user.click(menuButton("Menu"));
    expect(menuButton("Fermer")).toHaveAttribute("aria-expanded", "true");
    await user.click(menuButton("Fermer"));
    expect(menuButton("Menu")).toHaveAttribute("aria-expanded", "false");
  });

  it("closes on Escape and gives focus back to its button", async () => {
    const user = userEvent.setup();
    enhance(serveHeader());
    await user.click(menuButton("Menu"));
    within(mainNavigation()).getByRole("link", { name: "Services" }).focus();
    await user.keyboard("{Escape}");
    expect(menuButton("Menu")).toHaveAttribute("aria-expanded", "false");
    expect(menuButton("Menu")).toHaveFocus();
  });

  it("closes when Tab leaves the header", async () => {
    const user = userEvent.setup();
    enhance(serveHeader());
    await user.click(menuButton("Menu"));
    within(mainNavigation()).getByRole("link", { name: "Devis Gratuit" }).focus();
    await user.tab();
    expect(screen.getByRole("link", { name: "Après le menu" })).toHaveFocus();
    expect(menuButton("Menu")).toHaveAttribute("aria-expanded", "false");
  });

  it("closes once a link is followed", async () => {
    const user = userEvent.setup();
    enhance(serveHeader());
    await user.click(menuButton("Menu"));
    await user.click(within(mainNavigation()).getByRole("link", { name: "Contact" }));
    expect(menuButton("Menu")).toHaveAttribute("aria-expanded", "false");
  });

  it("cleans up: the button and Escape no longer answer, the HTML stays as it was", async () => {
    const user = userEvent.setup();
    const cleanup = enhance(serveHeader());
    await user.click(menuButton("Menu"));
    cleanup();
    await user.click(menuButton("Fermer"));
    expect(menuButton("Fermer")).toHaveAttribute("aria-expanded", "true");
    await user.keyboard("{Escape}");
    expect(menuButton("Fermer")).toHaveAttribute("aria-expanded", "true");
  });

  it("refuses markup it does not know rather than leave a menu that never opens", () => {
    document.body.innerHTML = `<header data-site-header><button type="button">Menu</button></header>`;
    expect(() => enhanceMenu(screen.getByRole("banner"))).toThrow("[data-menu-button]");
  });
});
