import { isPlaceholder } from "../content-model/placeholder";
import { absoluteUrl } from "./site-url";
import { telHref } from "./format";

// What search engines read beside the pages: the sitemap's scope, robots.txt and the JSON-LD
// structured data. Pure functions of the content, so the build and the tests share them.

/**
 * Paths kept out of the sitemap: the 404 page (any unknown path), `/contact` (the landing page
 * again, whose canonical link is `/`: a sitemap lists canonical URLs only) and the admin.
 */
export const sitemapExcludes = ["/404", "/404.html", "/dev-404-page", "/contact", "/admin/**"];

export const sitemapPath = "/sitemap-index.xml";

/** The mark drawn by gatsby-plugin-manifest from src/images/site-icon.svg (see gatsby-config). */
export const logoPath = "/icons/icon-512x512.png";

export function robotsTxt(siteUrl: string): string {
  return [
    "User-agent: *",
    "Disallow: /admin/",
    "Disallow: /api/",
    "",
    `Sitemap: ${siteUrl}${sitemapPath}`,
    "",
  ].join("\n");
}

type Company = { name: string; phone: string; email: string; headOffice: string };
type Thing = Record<string, unknown>;

/** A value still written `[À COMPLÉTER : …]` is not a fact yet: structured data leaves it out. */
const known = (value: string) => (value.trim() && !isPlaceholder(value) ? value.trim() : undefined);

/** "12 rue de la Paix, 75002 Paris" as a PostalAddress; any other form as plain text. */
export function postalAddress(headOffice: string): Thing | string | undefined {
  const value = known(headOffice);
  if (!value) return undefined;
  const match = /^(.+?),\s*(\d{5})\s+(.+)$/u.exec(value);
  if (!match) return value;
  const [, streetAddress, postalCode, addressLocality] = match;
  return {
    "@type": "PostalAddress",
    streetAddress,
    postalCode,
    addressLocality,
    addressCountry: "FR",
  };
}

/** schema.org Organization for the landing page, from the company's details in content/. */
export function organization(company: Company, siteUrl: string): Thing {
  const phone = known(company.phone);
  const entries: Thing = {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": `${absoluteUrl(siteUrl, "/")}#organisation`,
    name: company.name,
    url: absoluteUrl(siteUrl, "/"),
    logo: absoluteUrl(siteUrl, logoPath),
    telephone: phone ? telHref(phone).slice("tel:".length) : undefined,
    email: known(company.email),
    address: postalAddress(company.headOffice),
    // The service is offered to social landlords across France, overseas departments included.
    areaServed: { "@type": "Country", name: "France" },
  };
  return Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined));
}

export type Crumb = { name: string; path: string };

/** schema.org BreadcrumbList: home, then the page. */
export function breadcrumbList(crumbs: Crumb[], siteUrl: string): Thing {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(siteUrl, crumb.path),
    })),
  };
}
