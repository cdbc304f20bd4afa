import { render, screen } from "@testing-library/react";
import React from "react";
import { company, tenantPage } from "../../../test-utils/fixtures";
import TenantContact from "../tenant-contact";
import TenantNotice from "../tenant-notice";

const headOffice = "12 rue de la République, 69002 Lyon";

describe("TenantContact", () => {
  it("is a region named for what it is for", () => {
    render(<TenantContact {...company} />);
    expect(
      screen.getByRole("complementary", { name: "Nous joindre au sujet d'un courrier" }),
    ).toBeInTheDocument();
  });

  it.each([
    ["01 99 00 12 34", "tel:+33199001234"],
    ["contact@hestia-recouvrement.fr", "mailto:contact@hestia-recouvrement.fr"],
  ])("links « %s » to %s", (name, href) => {
    render(<TenantContact {...company} />);
    expect(screen.getByRole("link", { name })).toHaveAttribute("href", href);
  });

  it("gives the postal address once content gives it, never a placeholder", () => {
    const { rerender } = render(<TenantContact {...company} />);
    expect(screen.queryByText(/À COMPLÉTER/)).not.toBeInTheDocument();
    rerender(<TenantContact {...company} headOffice={headOffice} />);
    expect(screen.getByText(`Courrier : Hestia Recouvrement, ${headOffice}`)).toBeInTheDocument();
  });

  it("has no form: a tenant is not asked for a quote", () => {
    render(<TenantContact {...company} />);
    expect(screen.queryByRole("form")).not.toBeInTheDocument();
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
  });
});

describe("TenantNotice", () => {
  it("asks the tenant's question and links to their page", () => {
    render(<TenantNotice {...tenantPage.landingNotice} path={tenantPage.path} />);
    expect(
      screen.getByText("Vous êtes locataire et avez reçu un courrier de notre part ?", {
        exact: false,
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ce qu'il faut savoir" })).toHaveAttribute(
      "href",
      "/locataires",
    );
  });
});
