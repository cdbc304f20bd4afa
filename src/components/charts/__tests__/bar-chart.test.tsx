import { isInaccessible, render, screen, within } from "@testing-library/react";
import React from "react";
import BarChart, { type Bar } from "../bar-chart";

const bars: readonly Bar[] = [
  { label: "SMS", value: 68, display: "68 %", detail: "Rappels courts." },
  { label: "WhatsApp", value: 74, display: "74 %" },
  { label: "Email", value: 32, display: "32 %" },
];

// The bars carry no text and no role by design; the only thing to reach them by is the width a
// sighted visitor sees.
function barWidths(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>("[style*='width']"));
}

describe("BarChart", () => {
  // Browsers name a figure by its figcaption; the dom-accessibility-api that jsdom tests use
  // (0.5) does not, so the caption is looked for inside the figure.
  it("is a figure with its caption", () => {
    render(<BarChart caption="Taux de contact par canal" bars={bars} />);
    expect(
      within(screen.getByRole("figure")).getByText("Taux de contact par canal"),
    ).toBeInTheDocument();
  });

  it.each(bars.map((bar, index) => [index + 1, bar.label, bar.display] as const))(
    "row %i writes « %s » and its value « %s » as text",
    (position, label, display) => {
      render(<BarChart caption="Taux" bars={bars} />);
      const row = screen.getAllByRole("listitem")[position - 1] as HTMLElement;
      expect(within(row).getByText(label)).toBeInTheDocument();
      expect(within(row).getByText(display)).toBeInTheDocument();
    },
  );

  it("writes a bar's detail under its label", () => {
    render(<BarChart caption="Taux" bars={bars} />);
    expect(screen.getByText("Rappels courts.")).toBeInTheDocument();
  });

  it("hides every bar from assistive technology, which reads the values instead", () => {
    const { container } = render(<BarChart caption="Taux" bars={bars} />);
    const drawn = barWidths(container);
    expect(drawn).toHaveLength(bars.length);
    for (const bar of drawn) expect(isInaccessible(bar)).toBe(true);
    for (const { display } of bars) expect(isInaccessible(screen.getByText(display))).toBe(false);
  });

  it.each([
    [68, "68%"],
    [12.5, "12.5%"],
    [130, "100%"],
  ])("draws %p % as a bar %s wide", (value, width) => {
    const { container } = render(
      <BarChart caption="Taux" bars={[{ label: "Canal", value, display: String(value) }]} />,
    );
    expect(barWidths(container)[0]).toHaveStyle({ width });
  });
});

// Icons are decorative, with no role or name: they are reached as the drawings they are.
function icons(root: HTMLElement): SVGElement[] {
  return Array.from(root.querySelectorAll<SVGElement>("li svg"));
}

describe("BarChart icons", () => {
  it("draws a bar's icon beside its label, hidden from assistive technology", () => {
    const { container } = render(
      <BarChart
        caption="Taux"
        bars={[{ label: "SMS", value: 68, display: "68 %", icon: "sms" }]}
      />,
    );
    expect(icons(container)).toHaveLength(1);
    expect(icons(container)[0]).toHaveAttribute("aria-hidden", "true");
    expect(screen.getByRole("listitem")).toHaveTextContent("SMS68 %");
  });

  it("draws no icon for a bar without one", () => {
    const { container } = render(<BarChart caption="Taux" bars={bars} />);
    expect(icons(container)).toHaveLength(0);
  });
});
