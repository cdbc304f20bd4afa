import { graphql, useStaticQuery } from "gatsby";

export type SiteContent = Queries.UseSiteContentQuery;

/**
 * The site's one static query: the build-time facts, the legal pages, the company's details,
 * the figures, the landing copy, the testimonials, the client references, and the footer's links
 * to the accessibility statement (with its state) and the tenants' page. Gatsby fetches each
 * static query's result as a file of its own before a page's code runs, and every page needs
 * most of this (the head, the header, the footer): one query is one request where seven were.
 * The hooks of this folder each read their part; each part's fields are a fragment beside its
 * hook.
 */
export default function useSiteContent(): SiteContent {
  return useStaticQuery<SiteContent>(graphql`
    query UseSiteContent {
      site {
        siteMetadata {
          siteUrl
          copyrightYear
          previewBranch
          previewAt
        }
      }
      allLegalPage(sort: { order: ASC }) {
        nodes {
          ...LegalPageLink
        }
      }
      companyDetails {
        ...Company
      }
      figures {
        ...Figures
      }
      landingCopy {
        ...LandingCopy
        ...SocialImage
      }
      allTestimonial(sort: { order: ASC }) {
        nodes {
          ...Testimonial
        }
      }
      allClientReference(sort: { order: ASC }) {
        nodes {
          ...ClientReference
        }
      }
      accessibilityStatement {
        ...Accessibility
      }
      tenantPage {
        ...TenantPageLink
      }
    }
  `);
}
