import { graphql, type PageProps } from "gatsby";
import React from "react";
import DocumentPage from "../components/legal/document-page";
import TenantContact from "../components/tenants/tenant-contact";
import useCompany from "../hooks/use-company";

/** The page for tenants, from `content/tenants/` (src/build/pages.ts): no quote form here. */
export default function TenantPageTemplate({ data }: PageProps<Queries.TenantPageQuery>) {
  const company = useCompany();
  const page = data.tenantPage;
  if (!page) return null;
  return (
    <DocumentPage page={page}>
      <TenantContact {...company} />
      {/* Markdown from content/, rendered at build time by gatsby-transformer-remark. */}
      <div dangerouslySetInnerHTML={{ __html: page.html }} />
    </DocumentPage>
  );
}

export const query = graphql`
  query TenantPage($id: String!) {
    tenantPage(id: { eq: $id }) {
      title
      path
      description
      updatedAt
      html
    }
  }
`;
