import { render, screen, within } from "@testing-library/react";
import React from "react";
import { landingCopy } from "../../../test-utils/fixtures";
import Approach from "../approach";

const { approach } = landingCopy;

describe("Approach", () => {
  it("is a region named by its heading, reachable at #services", () => {
    render(<Approach {...approach} />);
    const region = screen.getByRole("region", { name: approach.title });
    expect(region).toHaveAttribute("id", "services");
    expect(
      within(region).getByRole("heading", { level: 2, name: approach.title }),
    ).toBeInTheDocument();
    expect(within(region).getByText(approach.intro)).toBeInTheDocument();
  });

  it("shows the four cards as list items", () => {
    render(<Approach {...approach} />);
    expect(within(screen.getByRole("list")).getAllByRole("listitem")).toHaveLength(4);
  });

  it.each(approach.cards.map((card, index) => [index + 1, card.title, card.text] as const))(
    "card %i has the heading « %s » and its text",
    (position, title, text) => {
      render(<Approach {...approach} />);
      const card = screen.getAllByRole("listitem")[position - 1] as HTMLElement;
      const scope = within(card);
      expect(scope.getByRole("heading", { level: 3, name: title })).toBeInTheDocument();
      expect(scope.getByText(text)).toBeInTheDocument();
    },
  );

  it("keeps its icons away from assistive technology", () => {
    render(<Approach {...approach} />);
    expect(screen.queryAllByRole("img")).toHaveLength(0);
  });

  it("shows a card whose icon is unknown, without the icon", () => {
    render(
      <Approach
        {...approach}
        cards={[{ icon: "rocket", title: "Nouvelle offre", text: "Un texte de carte." }]}
      />,
    );
    expect(screen.getByRole("heading", { level: 3, name: "Nouvelle offre" })).toBeInTheDocument();
  });
});
