import { graphql, type PageProps } from "gatsby";
import React from "react";
import DocumentPage from "../components/legal/document-page";
import VersionNote, { type VersionContext } from "../components/legal/version-note";
import AudienceChoice from "../components/audience-choice/audience-choice";
import { usePrivacyPolicyPath } from "../hooks/use-legal-pages";

/**
 * A legal page made from `content/legal/*.md` by createPages (src/build/pages.ts): the version in
 * force at the page's address, a former one at its own (noindex).
 */
export default function LegalPageTemplate({
  data,
  pageContext,
  location,
}: PageProps<Queries.LegalPageQuery, VersionContext>) {
  const page = data.legalPage;
  const privacyPath = usePrivacyPolicyPath();
  if (!page) return null;
  const former = pageContext.currentPath !== null && pageContext.currentPath !== undefined;
  const note = pageContext.since || former ? <VersionNote {...pageContext} /> : undefined;
  return (
    <DocumentPage
      page={page}
      html={page.html}
      note={note}
      versionPath={former ? location.pathname.replace(/\/$/, "") : undefined}
      // The privacy policy in force offers the audience measure's control.
      after={!former && page.path === privacyPath ? <AudienceChoice /> : undefined}
    />
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
