import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import React from "react";
import { landingCopy } from "../../../test-utils/fixtures";
import ContactSection from "../contact-section";

const { contact } = landingCopy;

/** The section with its form, whose code loads on demand (at once here: no IntersectionObserver). */
async function renderSection() {
  render(
    <ContactSection
      {...contact}
      replyHours={24}
      privacyPolicyPath="/vie-privee"
      privacy={{ controller: "Hestia Recouvrement", email: "donnees@exemple.fr" }}
    />,
  );
  await screen.findByRole("form", { name: "Demande de devis" });
}

describe("ContactSection", () => {
  it("is a region named by its heading, reachable at #contact", async () => {
    await renderSection();
    const region = screen.getByRole("region", { name: contact.title });
    expect(region).toHaveAttribute("id", "contact");
    expect(within(region).getByText(contact.intro)).toBeInTheDocument();
  });

  it("lists what the visitor gets", async () => {
    await renderSection();
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

  it.each(fieldLabels)("has a required field labelled « %s »", async (label) => {
    await renderSection();
    const form = screen.getByRole("form", { name: "Demande de devis" });
    expect(within(form).getByRole("textbox", { name: label })).toBeRequired();
  });

  it("gives the fields in the specified order", async () => {
    await renderSection();
    expect(screen.getAllByRole("textbox")).toEqual(
      fieldLabels.map((label) => screen.getByRole("textbox", { name: label })),
    );
  });

  it("asks for consent with an unticked checkbox the visitor can tick", async () => {
    const user = userEvent.setup();
    await renderSection();
    const consent = screen.getByRole("checkbox", { name: /J'accepte d'être recontacté\(e\)/ });
    expect(consent).not.toBeChecked();
    await user.click(consent);
    expect(consent).toBeChecked();
  });

  it("links the privacy policy at the address content/legal/ gives it", async () => {
    await renderSection();
    const link = screen.getByRole("link", { name: /politique de confidentialité/ });
    expect(link).toHaveAttribute("href", "/vie-privee");
  });

  it("posts, so that nothing typed ends up in a URL if scripts fail", async () => {
    await renderSection();
    expect(screen.getByRole("form", { name: "Demande de devis" })).toHaveAttribute(
      "method",
      "post",
    );
  });
});
