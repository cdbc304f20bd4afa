import { render, screen, within } from "@testing-library/react";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import React from "react";
import { heroProps } from "../../../test-utils/fixtures";
import Hero from "../hero";

const image: IGatsbyImageData = {
  layout: "constrained",
  width: 600,
  height: 400,
  images: {
    fallback: { src: "/static/hero.jpg", srcSet: "/static/hero.jpg 600w", sizes: "600px" },
  },
};

describe("Hero", () => {
  it("gives the page its only level-one heading", () => {
    render(<Hero {...heroProps} />);
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(heroProps.title);
  });

  it("is a region named by its heading, with the eyebrow and the lead", () => {
    render(<Hero {...heroProps} />);
    const region = screen.getByRole("region", { name: heroProps.title });
    expect(within(region).getByText(heroProps.eyebrow)).toBeInTheDocument();
    expect(within(region).getByText(heroProps.lead)).toBeInTheDocument();
  });

  it.each([
    [heroProps.primaryCta, "#contact"],
    [heroProps.secondaryCta, "#results"],
  ])("links « %s » to %s", (name, href) => {
    render(<Hero {...heroProps} />);
    expect(screen.getByRole("link", { name })).toHaveAttribute("href", href);
  });

  it("lists every highlight, in order", () => {
    render(
      <Hero {...heroProps} highlights={["Carte professionnelle G", "Prise en charge sous 24 h"]} />,
    );
    const items = screen.getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "Carte professionnelle G",
      "Prise en charge sous 24 h",
    ]);
  });

  it("shows the illustration with its text alternative when there is one", () => {
    render(<Hero {...heroProps} image={image} />);
    expect(screen.getByRole("img", { name: heroProps.imageAlt })).toBeInTheDocument();
  });

  it("shows no broken image when content has none", () => {
    render(<Hero {...heroProps} image={undefined} />);
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
  });
});
