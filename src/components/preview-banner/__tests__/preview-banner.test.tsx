import { render, screen, within } from "@testing-library/react";
import React from "react";
import useSiteMetadata from "../../../hooks/use-site-metadata";
import PreviewBanner from "../preview-banner";

// The banner reads the build's facts through a hook over useStaticQuery; the hook is mocked.
jest.mock("../../../hooks/use-site-metadata");

const builtFrom = (previewBranch: string | null, previewAt: string | null = null) =>
  jest.mocked(useSiteMetadata).mockReturnValue({
    siteUrl: "https://apercu.example.fr",
    copyrightYear: 2031,
    previewBranch,
    previewAt,
  });

it("tells a draft's preview from the published site, naming the branch it shows", () => {
  builtFrom("cms/figures/figures");
  render(<PreviewBanner />);
  const note = screen.getByRole("note", { name: "Aperçu" });
  expect(note).toHaveTextContent("Aperçu — non publié — branche cms/figures/figures");
  // The branch as code: read as a name, not as words.
  expect(within(note).getByText("cms/figures/figures", { selector: "code" })).toBeVisible();
});

it("says the instant a preview shows when its draft schedules a change, in Paris time", () => {
  builtFrom("cms/legal/mentions-legales-2", "2027-03-01T08:00:00.000Z");
  render(<PreviewBanner />);
  const note = screen.getByRole("note", { name: "Aperçu" });
  expect(note).toHaveTextContent(
    "Aperçu au 1 mars 2027 à 09:00 (heure de Paris) — non publié — branche cms/legal/mentions-legales-2",
  );
  expect(within(note).getByText("1 mars 2027 à 09:00")).toHaveAttribute(
    "datetime",
    "2027-03-01T08:00:00.000Z",
  );
});

it("shows nothing on the published site", () => {
  builtFrom(null);
  const { container } = render(<PreviewBanner />);
  expect(screen.queryByRole("note")).not.toBeInTheDocument();
  expect(container).toBeEmptyDOMElement();
});
