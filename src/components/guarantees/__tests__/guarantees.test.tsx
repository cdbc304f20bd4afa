import { render, screen, within } from "@testing-library/react";
import React from "react";
import { landingCopy } from "../../../test-utils/fixtures";
import Guarantees from "../guarantees";

const { guarantees } = landingCopy;

describe("Guarantees", () => {
  it("is a region named by its heading, with its intro", () => {
    render(<Guarantees {...guarantees} />);
    const region = screen.getByRole("region", { name: guarantees.title });
    expect(within(region).getByText(guarantees.intro)).toBeInTheDocument();
  });

  it("lists the four guarantees in content order, each under its own heading", () => {
    render(<Guarantees {...guarantees} />);
    expect(screen.getAllByRole("listitem")).toHaveLength(4);
    expect(
      screen.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent),
    ).toEqual(guarantees.items.map((item) => item.title));
  });

  it.each(guarantees.items.map((item) => [item.title, item.text] as const))(
    "« %s » comes with its text",
    (title, text) => {
      render(<Guarantees {...guarantees} />);
      expect(screen.getByRole("heading", { level: 3, name: title })).toBeInTheDocument();
      expect(screen.getByText(text)).toBeInTheDocument();
    },
  );
});
