import { render, screen, within } from "@testing-library/react";
import React from "react";
import type { Figures } from "../../../hooks/use-figures";
import { figures, landingCopy } from "../../../test-utils/fixtures";
import Results from "../results";

const copy = landingCopy.results;

function renderResults(overrides: Partial<Figures> = {}) {
  return render(<Results copy={copy} figures={{ ...figures, ...overrides }} />);
}

// Every figure is a definition of its label; their text, spaces normalised as a reader hears them.
function definitions(): string[] {
  return screen
    .getAllByRole("definition")
    .map((definition) => (definition.textContent ?? "").replace(/\s+/gu, " ").trim());
}

function delayChart() {
  const chart = screen.getByRole("figure");
  expect(within(chart).getByText(copy.bandsTitle)).toBeInTheDocument();
  return chart;
}

describe("Results", () => {
  it("is a region named by its heading, reachable at #results", () => {
    renderResults();
    const region = screen.getByRole("region", { name: copy.title });
    expect(region).toHaveAttribute("id", "results");
    expect(within(region).getByText(copy.intro)).toBeInTheDocument();
  });

  it("labels its four key figures, in order", () => {
    renderResults();
    expect(screen.getAllByRole("term").map((term) => term.textContent)).toEqual([
      copy.recoveryLabel,
      copy.delayLabel,
      copy.casesLabel,
      copy.ratioLabel,
    ]);
  });

  it.each([
    ["the recovery rate", "65 %"],
    ["the average delay", "15 jours"],
    ["the cases per month", "3 500+"],
    ["the return on cost", "12:1"],
  ])("shows %s as « %s »", (_figure, text) => {
    renderResults();
    expect(definitions()).toContain(text);
  });

  it("splits the recovery rate into amicable and pre-litigation", () => {
    renderResults();
    expect(screen.getByText(`${copy.amicableLabel} :`)).toHaveTextContent("Amiable : 51 %");
    expect(screen.getByText(`${copy.preLitigationLabel} :`)).toHaveTextContent(
      "Précontentieux : 14 %",
    );
  });

  it("follows a new split", () => {
    renderResults({ recoveryRate: 70, amicableRate: 62.5, preLitigationRate: 7.5 });
    expect(definitions()).toContain("70 %");
    expect(screen.getByText(`${copy.amicableLabel} :`)).toHaveTextContent("Amiable : 62,5 %");
    expect(screen.getByText(`${copy.preLitigationLabel} :`)).toHaveTextContent(
      "Précontentieux : 7,5 %",
    );
  });

  it.each([
    [24000, 2000, "12:1", "24 000 €", "2 000 €"],
    [25000, 2000, "12,5:1", "25 000 €", "2 000 €"],
    [36000, 1500, "24:1", "36 000 €", "1 500 €"],
  ])(
    "computes the ratio from the amounts: %p recovered for %p gives %s",
    (recovered, cost, ratio, recoveredText, costText) => {
      renderResults({ averageRecoveredAmount: recovered, averageServiceCost: cost });
      expect(screen.getByText(ratio)).toBeInTheDocument();
      expect(screen.getByText(copy.amountLabel)).toHaveTextContent(
        `${copy.amountLabel} ${recoveredText}`,
      );
      expect(screen.getByText(copy.costLabel)).toHaveTextContent(`${copy.costLabel} ${costText}`);
    },
  );

  it.each([
    [1, "7 jours", "35 %"],
    [2, "15 jours", "45 %"],
    [3, "30 jours", "20 %"],
  ])("delay band %i reads « %s » and its share « %s »", (position, days, share) => {
    renderResults();
    const rows = within(delayChart()).getAllByRole("listitem");
    expect(rows).toHaveLength(3);
    const row = rows[position - 1] as HTMLElement;
    expect(within(row).getByText(days)).toBeInTheDocument();
    expect(within(row).getByText(share)).toBeInTheDocument();
  });

  it("shows however many delay bands content gives", () => {
    renderResults({
      delayBands: [
        { days: 10, share: 60 },
        { days: 45, share: 40 },
      ],
    });
    const rows = within(delayChart()).getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent(/45\sjours\s*40\s%/u);
  });
});
