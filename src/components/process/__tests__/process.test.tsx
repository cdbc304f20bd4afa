import { render, screen, within } from "@testing-library/react";
import React from "react";
import { landingCopy } from "../../../test-utils/fixtures";
import Process from "../process";

const { process } = landingCopy;

describe("Process", () => {
  it("is a region named by its heading, with its intro", () => {
    render(<Process {...process} />);
    const region = screen.getByRole("region", { name: process.title });
    expect(within(region).getByText(process.intro)).toBeInTheDocument();
  });

  it("gives its four steps as an ordered list", () => {
    render(<Process {...process} />);
    const list = screen.getByRole("list");
    // Assistive technology announces an <ol> as numbered: the order is part of the content.
    expect(list).toBeInstanceOf(HTMLOListElement);
    expect(within(list).getAllByRole("listitem")).toHaveLength(4);
  });

  it.each(process.steps.map((step, index) => [index + 1, step.title, step.text] as const))(
    "step %i is « %s », with its number and text",
    (position, title, text) => {
      render(<Process {...process} />);
      const step = screen.getAllByRole("listitem")[position - 1] as HTMLElement;
      expect(within(step).getByRole("heading", { level: 3, name: title })).toBeInTheDocument();
      expect(within(step).getByText(text)).toBeInTheDocument();
      // The visible number is decoration: the list itself says which step this is.
      expect(within(step).getByText(String(position))).toHaveAttribute("aria-hidden", "true");
    },
  );
});
