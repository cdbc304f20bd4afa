import { render, screen, within } from "@testing-library/react";
import React from "react";
import { landingCopy } from "../../../test-utils/fixtures";
import ComplementaryServices from "../complementary-services";

const { complementaryServices: services } = landingCopy;

describe("ComplementaryServices", () => {
  it("is a region named by its heading, with its intro", () => {
    render(<ComplementaryServices {...services} />);
    const region = screen.getByRole("region", { name: services.title });
    expect(within(region).getByText(services.intro)).toBeInTheDocument();
  });

  it("lists the three services in content order, each under its own heading", () => {
    render(<ComplementaryServices {...services} />);
    const items = screen.getAllByRole("listitem");
    expect(items).toHaveLength(3);
    expect(
      screen.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent),
    ).toEqual(services.items.map((item) => item.title));
  });

  it.each(services.items.map((item) => [item.title, item.text] as const))(
    "« %s » comes with its text",
    (title, text) => {
      render(<ComplementaryServices {...services} />);
      expect(screen.getByRole("heading", { level: 3, name: title })).toBeInTheDocument();
      expect(screen.getByText(text)).toBeInTheDocument();
    },
  );
});
