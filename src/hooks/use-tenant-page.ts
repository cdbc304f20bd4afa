import { graphql } from "gatsby";
import useSiteContent from "./use-site-content";

export type TenantPageLink = Queries.TenantPageLinkFragment;

export const query = graphql`
  fragment TenantPageLink on TenantPage {
    path
    landingNotice {
      text
      link
    }
  }
`;

/** The tenants' page address and the landing page's line to it (`content/tenants/`). */
export default function useTenantPage(): TenantPageLink {
  const { tenantPage } = useSiteContent();
  if (!tenantPage) throw new Error("content/tenants/ has no page");
  return tenantPage;
}
