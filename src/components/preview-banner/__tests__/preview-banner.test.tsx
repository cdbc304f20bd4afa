import { render, screen, within } from "@testing-library/react";
import React from "react";
import useSiteMetadata from "../../../hooks/use-site-metadata";
import PreviewBanner from "../preview-banner";

// The banner reads the build's facts through a hook over useStaticQuery; the hook is mocked.
jest.mock("../../../hooks/use-site-metadata");

const builtFrom = (previewBranch: string | null) =>
  jest.mocked(useSiteMetadata).mockReturnValue({
    siteUrl: "https://apercu.example.fr",
    copyrightYear: 2031,
    previewBranch,
  });

it("tells a draft's preview from the published site, naming the branch it shows", () => {
  builtFrom("cms/figures/figures");
  render(<PreviewBanner />);
  const note = screen.getByRole("note", { name: "Aperçu" });
  expect(note).toHaveTextContent("Aperçu — non publié — branche cms/figures/figures");
  // The branch as code: read as a name, not as words.
  expect(within(note).getByText("cms/figures/figures", { selector: "code" })).toBeVisible();
});

it("shows nothing on the published site", () => {
  builtFrom(null);
  const { container } = render(<PreviewBanner />);
  expect(screen.queryByRole("note")).not.toBeInTheDocument();
  expect(container).toBeEmptyDOMElement();
});
