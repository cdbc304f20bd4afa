import { graphql, type PageProps } from "gatsby";
import React from "react";
import ConformanceState from "../components/accessibility/conformance-state";
import DocumentPage from "../components/legal/document-page";
import useCompany from "../hooks/use-company";

/** The accessibility statement, from `content/accessibility/` (src/build/pages.ts). */
export default function AccessibilityPageTemplate({
  data,
}: PageProps<Queries.AccessibilityPageQuery>) {
  const company = useCompany();
  const page = data.accessibilityStatement;
  if (!page) return null;
  // The model opens on the commitment (the text above the first heading), then the state.
  const firstHeading = page.html.indexOf("<h2");
  const cut = firstHeading === -1 ? page.html.length : firstHeading;
  return (
    <DocumentPage page={page}>
      {/* Markdown from content/, rendered at build time by gatsby-transformer-remark. */}
      <div dangerouslySetInnerHTML={{ __html: page.html.slice(0, cut) }} />
      <ConformanceState
        siteName={company.name}
        state={page.state}
        auditDate={page.auditDate}
        auditRate={page.auditRate}
      />
      <div dangerouslySetInnerHTML={{ __html: page.html.slice(cut) }} />
    </DocumentPage>
  );
}

export const query = graphql`
  query AccessibilityPage($id: String!) {
    accessibilityStatement(id: { eq: $id }) {
      title
      path
      description
      updatedAt
      state
      auditDate
      auditRate
      html
    }
  }
`;
