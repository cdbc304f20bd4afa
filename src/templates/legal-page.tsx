import { graphql, type PageProps } from "gatsby";
import React from "react";
import DocumentPage from "../components/legal/document-page";

/** A legal page made from `content/legal/*.md` by createPages (src/build/pages.ts). */
export default function LegalPageTemplate({ data }: PageProps<Queries.LegalPageQuery>) {
  const page = data.legalPage;
  if (!page) return null;
  return <DocumentPage page={page} html={page.html} />;
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
