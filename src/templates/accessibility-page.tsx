import { graphql, type PageProps } from "gatsby";
import React from "react";
import ConformanceState from "../components/accessibility/conformance-state";
import LegalDocument from "../components/legal/legal-document";
import Seo from "../components/seo/seo";
import useCompany from "../hooks/use-company";
import KeepServerHtml from "../start-up/keep-server-html";

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
        <LegalDocument title={page.title} updatedAt={page.updatedAt}>
          {/* Markdown from content/, rendered at build time by gatsby-transformer-remark. */}
          <div dangerouslySetInnerHTML={{ __html: page.html.slice(0, cut) }} />
          <ConformanceState
            siteName={company.name}
            state={page.state}
            auditDate={page.auditDate}
            auditRate={page.auditRate}
          />
          <div dangerouslySetInnerHTML={{ __html: page.html.slice(cut) }} />
        </LegalDocument>
      </KeepServerHtml>
    </>
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
