import { graphql, type PageProps } from "gatsby";
import React from "react";
import LegalDocument from "../components/legal/legal-document";
import Seo from "../components/seo/seo";
import TenantContact from "../components/tenants/tenant-contact";
import useCompany from "../hooks/use-company";
import KeepServerHtml from "../start-up/keep-server-html";

/** The page for tenants, from `content/tenants/` (src/build/pages.ts): no quote form here. */
export default function TenantPageTemplate({ data }: PageProps<Queries.TenantPageQuery>) {
  const company = useCompany();
  const page = data.tenantPage;
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
        <LegalDocument title={page.title} updatedAt={page.updatedAt}>
          <TenantContact {...company} />
          {/* Markdown from content/, rendered at build time by gatsby-transformer-remark. */}
          <div dangerouslySetInnerHTML={{ __html: page.html }} />
        </LegalDocument>
      </KeepServerHtml>
    </>
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
