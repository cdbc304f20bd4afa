import { render, screen, within } from "@testing-library/react";
import React from "react";
import { clients, landingCopy } from "../../../test-utils/fixtures";
import References from "../references";

const { references } = landingCopy;

describe("References", () => {
  it("is a region named by its heading, reachable at #clients", () => {
    render(<References {...references} clients={clients} />);
    const region = screen.getByRole("region", { name: references.title });
    expect(region).toHaveAttribute("id", "clients");
    expect(within(region).getByText(references.intro)).toBeInTheDocument();
  });

  it("lists the six client organisations in the order given", () => {
    render(<References {...references} clients={clients} />);
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Habitat Loire Océan",
      "Logis Métropole Sud",
      "Val d'Oise Habitat Social",
      "Alpes Résidences OPH",
      "Grand Est Logement",
      "Foyers de Normandie",
    ]);
  });

  it("shows however many clients content has", () => {
    render(
      <References
        {...references}
        clients={[
          { id: "b", name: "Bretagne Habitat" },
          { id: "a", name: "Azur Logement" },
        ]}
      />,
    );
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Bretagne Habitat",
      "Azur Logement",
    ]);
  });
});
