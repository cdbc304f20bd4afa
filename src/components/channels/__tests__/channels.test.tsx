import { render, screen, within } from "@testing-library/react";
import React from "react";
import { figures, landingCopy } from "../../../test-utils/fixtures";
import Channels from "../channels";

const props = {
  ...landingCopy.channels,
  channels: figures.channels,
  combinedContactRate: figures.combinedContactRate,
  sources: figures.sources,
};

// The chart is the section's only figure (jsdom does not name a figure by its caption).
function channelRows() {
  const chart = screen.getByRole("figure");
  expect(within(chart).getByText(props.chartCaption)).toBeInTheDocument();
  return within(chart).getAllByRole("listitem");
}

describe("Channels", () => {
  it("is a region named by its heading, with its intro", () => {
    render(<Channels {...props} />);
    const region = screen.getByRole("region", { name: props.title });
    expect(within(region).getByText(props.intro)).toBeInTheDocument();
  });

  it("shows one row per channel, in content order", () => {
    render(<Channels {...props} />);
    expect(channelRows()).toHaveLength(4);
  });

  it.each([
    [1, "SMS", "68 %"],
    [2, "WhatsApp", "74 %"],
    [3, "Email", "32 %"],
    [4, "Téléphone", "63 %"],
  ])("row %i reads « %s » and « %s » as text", (position, name, rate) => {
    render(<Channels {...props} />);
    const row = channelRows()[position - 1] as HTMLElement;
    expect(within(row).getByText(name)).toBeInTheDocument();
    expect(within(row).getByText(rate)).toBeInTheDocument();
  });

  it("gives each channel its description", () => {
    render(<Channels {...props} />);
    for (const channel of figures.channels) {
      expect(screen.getByText(channel.description)).toBeInTheDocument();
    }
  });

  it("shows the combined contact rate beside its label", () => {
    render(<Channels {...props} />);
    expect(screen.getByText("92 %")).toBeInTheDocument();
    expect(screen.getByText(props.combinedLabel)).toBeInTheDocument();
  });

  it("follows the figures: another rate, another text", () => {
    render(
      <Channels
        {...props}
        channels={[{ name: "Courrier", icon: "mail", rate: 12.5, description: "Lettre simple." }]}
        combinedContactRate={97}
      />,
    );
    expect(within(channelRows()[0] as HTMLElement).getByText("12,5 %")).toBeInTheDocument();
    expect(screen.getByText("97 %")).toBeInTheDocument();
    expect(screen.queryByText("68 %")).not.toBeInTheDocument();
  });
});

it("notes the contact rates' period and source under them", () => {
  render(<Channels {...props} />);
  expect(
    screen.getByText(
      "Taux de contact : [À COMPLÉTER : période, par exemple année 2024], données internes.",
    ),
  ).toBeVisible();
});
