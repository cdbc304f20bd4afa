import { render, screen } from "@testing-library/react";
import React from "react";
import { figures } from "../../../test-utils/fixtures";
import FigureSources from "../figure-sources";

const sources = [
  {
    label: "Taux de recouvrement",
    figures: ["recoveryRate"],
    period: "moyenne 2024",
    source: "données internes",
  },
  {
    label: "Taux de contact",
    figures: ["channels"],
    period: "année 2024",
    source: "données internes",
  },
];

describe("FigureSources", () => {
  it.each([
    [["recoveryRate"], ["Taux de recouvrement : moyenne 2024, données internes."]],
    [["channels", "combinedContactRate"], ["Taux de contact : année 2024, données internes."]],
    [
      ["recoveryRate", "channels"],
      [
        "Taux de recouvrement : moyenne 2024, données internes.",
        "Taux de contact : année 2024, données internes.",
      ],
    ],
  ])("under figures %j, reads %j", (shown, lines) => {
    render(<FigureSources sources={sources} figures={shown} />);
    const notes = screen.getAllByText(/^Taux de .* : .*, données internes\.$/);
    expect(notes.map((note) => note.textContent)).toEqual(lines);
  });

  it("shows nothing when no source covers the figures shown", () => {
    const { container } = render(<FigureSources sources={sources} figures={["delayBands"]} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("shows the real content's period and source, as visible text", () => {
    render(<FigureSources sources={figures.sources} figures={["combinedContactRate"]} />);
    expect(screen.getByText(/^Taux de contact : .*, données internes\.$/)).toBeVisible();
  });
});
