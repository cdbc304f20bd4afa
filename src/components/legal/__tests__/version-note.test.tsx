import { render, screen } from "@testing-library/react";
import React from "react";
import VersionNote from "../version-note";

// The line under a legal page's title that says which version of the text it is.

describe("VersionNote", () => {
  it("says since when the version in force applies, and links to the former", () => {
    render(
      <VersionNote
        since="2026-12-31T23:00:00.000Z"
        until={null}
        currentPath={null}
        formerPath="/cgv/version-initiale"
      />,
    );
    expect(screen.getByText(/Applicable depuis/)).toHaveTextContent(
      "Applicable depuis le 1 janvier 2027 à 00:00 (heure de Paris). Version précédente",
    );
    expect(screen.getByRole("link", { name: "Version précédente" })).toHaveAttribute(
      "href",
      "/cgv/version-initiale",
    );
  });

  it("dates a former version « en vigueur du … au … », with a link to the one in force", () => {
    render(
      <VersionNote
        since="2026-12-31T23:00:00.000Z"
        until="2027-06-15T07:30:00.000Z"
        currentPath="/cgv"
        formerPath={null}
      />,
    );
    expect(screen.getByText(/Version en vigueur du/)).toHaveTextContent(
      "Version en vigueur du 1 janvier 2027 à 00:00 au 15 juin 2027 à 09:30 (heure de Paris). Version en vigueur",
    );
    expect(screen.getByRole("link", { name: "Version en vigueur" })).toHaveAttribute(
      "href",
      "/cgv",
    );
  });

  it("says nothing of a text that has always applied", () => {
    const { container } = render(
      <VersionNote since={null} until={null} currentPath={null} formerPath={null} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
