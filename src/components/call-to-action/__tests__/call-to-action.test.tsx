import { render, screen } from "@testing-library/react";
import React from "react";
import { company, landingCopy } from "../../../test-utils/fixtures";
import CallToAction from "../call-to-action";

const { cta } = landingCopy;

describe("CallToAction", () => {
  it("is a region named by its heading, with its text", () => {
    render(<CallToAction {...cta} phone={company.phone} />);
    expect(screen.getByRole("region", { name: cta.title })).toBeInTheDocument();
    expect(screen.getByText(cta.text)).toBeInTheDocument();
  });

  it.each([
    ["01 99 00 12 34", "tel:+33199001234"],
    ["+33 1 99 00 12 34", "tel:+33199001234"],
    ["0033 4 72 00 00 00", "tel:+33472000000"],
    ["05.56.00.11.22", "tel:+33556001122"],
  ])("dials %s through %s", (phone, href) => {
    render(<CallToAction {...cta} phone={phone} />);
    const link = screen.getByRole("link", { name: `${cta.phoneLabel} ${phone}` });
    expect(link).toHaveAttribute("href", href);
  });
});
