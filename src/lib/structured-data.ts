import { isPlaceholder } from "../shared/content-model/placeholder";
import { absoluteUrl } from "../shared/site-url";
import { telHref } from "../shared/format";
import { markIcons } from "../shared/favicon";

// The JSON-LD structured data search engines read in the pages' head (see components/seo/).
// Pure functions of the content, so the pages and the tests share them.

/** The mark, drawn from src/images/site-icon.svg at build time (src/build/draw-favicon.ts). */
export const logoPath = markIcons.logo.href;

type Company = { name: string; phone: string; email: string; headOffice: string };
/** A schema.org object, as JSON-LD writes it. */
type JsonLd = Record<string, unknown>;

/** A value still written `[À COMPLÉTER : …]` is not a fact yet: structured data leaves it out. */
const known = (value: string) => (value.trim() && !isPlaceholder(value) ? value.trim() : undefined);

/** "12 rue de la Paix, 75002 Paris" as a PostalAddress; any other form as plain text. */
export function postalAddress(headOffice: string): JsonLd | string | undefined {
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
export function organization(company: Company, siteUrl: string): JsonLd {
  const phone = known(company.phone);
  const entries: JsonLd = {
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
export function breadcrumbList(crumbs: Crumb[], siteUrl: string): JsonLd {
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
