import { render, waitFor } from "@testing-library/react";
import React from "react";
import { HelmetProvider } from "react-helmet-async";
import useCompany from "../../../hooks/use-company";
import useSiteMetadata from "../../../hooks/use-site-metadata";
import useSocialImage from "../../../hooks/use-social-image";
import { company } from "../../../test-utils/fixtures";
import Seo from "../seo";

// The head reads its facts through hooks over useStaticQuery; the hooks are given fixtures.
jest.mock("../../../hooks/use-company");
jest.mock("../../../hooks/use-site-metadata");
jest.mock("../../../hooks/use-social-image");

function renderSeo(previewBranch: string | null, noindex: boolean) {
  jest.mocked(useCompany).mockReturnValue(company);
  jest.mocked(useSocialImage).mockReturnValue({
    src: "/static/social.jpg",
    width: 1200,
    height: 630,
    alt: "Un immeuble",
  });
  jest.mocked(useSiteMetadata).mockReturnValue({
    siteUrl: "https://www.example.fr",
    copyrightYear: 2031,
    previewBranch,
    previewAt: null,
  });
  render(
    <HelmetProvider>
      <Seo title="Accueil" description="Recouvrement" canonicalPath="/" noindex={noindex} />
    </HelmetProvider>,
  );
}

/** The content of each robots meta tag in the document's head, once Helmet has written it. */
async function robotsTags(): Promise<(string | null)[]> {
  await waitFor(() => expect(document.title).toBe(`Accueil | ${company.name}`));
  return [...document.head.querySelectorAll('meta[name="robots"]')].map((meta) =>
    meta.getAttribute("content"),
  );
}

afterEach(() => {
  document.head.innerHTML = "";
  document.title = "";
});

it.each([false, true])(
  "keeps a draft's preview out of every index, whatever the page asks (noindex: %p)",
  async (noindex) => {
    renderSeo("cms/figures/figures", noindex);
    expect(await robotsTags()).toEqual(["noindex, nofollow"]);
  },
);

it("lets the published site's pages choose to be indexed or not", async () => {
  renderSeo(null, false);
  expect(await robotsTags()).toEqual([]);
});

it("keeps a published page out of the index when it asks", async () => {
  renderSeo(null, true);
  expect(await robotsTags()).toEqual(["noindex"]);
});
