import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import React from "react";
import { landingCopy } from "../../../test-utils/fixtures";
import { renderWithProviders } from "../../../test-utils/render-with-providers";
import ContactSection from "../contact-section";

const { contact } = landingCopy;

describe("ContactSection", () => {
  it("is a region named by its heading, reachable at #contact", () => {
    renderWithProviders(<ContactSection {...contact} replyHours={24} />);
    const region = screen.getByRole("region", { name: contact.title });
    expect(region).toHaveAttribute("id", "contact");
    expect(within(region).getByText(contact.intro)).toBeInTheDocument();
  });

  it("lists what the visitor gets", () => {
    renderWithProviders(<ContactSection {...contact} replyHours={24} />);
    for (const point of contact.points) expect(screen.getByText(point)).toBeInTheDocument();
  });

  const fieldLabels = [
    "Prénom",
    "Nom",
    "Email professionnel",
    "Téléphone",
    "Organisme",
    "Décrivez vos besoins",
  ];

  it.each(fieldLabels)("has a required field labelled « %s »", (label) => {
    renderWithProviders(<ContactSection {...contact} replyHours={24} />);
    const form = screen.getByRole("form", { name: "Demande de devis" });
    expect(within(form).getByRole("textbox", { name: label })).toBeRequired();
  });

  it("gives the fields in the specified order", () => {
    renderWithProviders(<ContactSection {...contact} replyHours={24} />);
    expect(screen.getAllByRole("textbox")).toEqual(
      fieldLabels.map((label) => screen.getByRole("textbox", { name: label })),
    );
  });

  it("asks for consent with an unticked checkbox the visitor can tick", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ContactSection {...contact} replyHours={24} />);
    const consent = screen.getByRole("checkbox", { name: /J'accepte d'être recontacté\(e\)/ });
    expect(consent).not.toBeChecked();
    await user.click(consent);
    expect(consent).toBeChecked();
  });

  it("posts, so that nothing typed ends up in a URL if scripts fail", () => {
    renderWithProviders(<ContactSection {...contact} replyHours={24} />);
    expect(screen.getByRole("form", { name: "Demande de devis" })).toHaveAttribute(
      "method",
      "post",
    );
  });
});
