import { graphql, type PageProps } from "gatsby";
import React from "react";
import LegalDocument from "../components/legal/legal-document";
import Seo from "../components/seo/seo";
import KeepServerHtml from "../start-up/keep-server-html";

/** A legal page made from `content/legal/*.md` by createPages (src/build/pages.ts). */
export default function LegalPageTemplate({ data }: PageProps<Queries.LegalPageQuery>) {
  const page = data.legalPage;
  if (!page) return null;
  return (
    <>
      <Seo
        title={page.title}
        description={page.description}
        canonicalPath={page.path}
        breadcrumbs={[
          { name: "Accueil", path: "/" },
          { name: page.title, path: page.path },
        ]}
      />
      <KeepServerHtml>
        <LegalDocument title={page.title} updatedAt={page.updatedAt} html={page.html} />
      </KeepServerHtml>
    </>
  );
}

export const query = graphql`
  query LegalPage($id: String!) {
    legalPage(id: { eq: $id }) {
      title
      path
      description
      updatedAt
      html
    }
  }
`;
