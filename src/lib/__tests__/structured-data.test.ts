import { breadcrumbList, organization, postalAddress } from "../structured-data";

const company = {
  name: "Hestia Recouvrement",
  phone: "01 99 00 12 34",
  email: "contact@hestia-recouvrement.fr",
  headOffice: "12 rue de la Paix, 75002 Paris",
};

describe("organization", () => {
  it("describes the company from its details, with absolute URLs and an international phone", () => {
    expect(organization(company, "https://www.example.fr")).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      "@id": "https://www.example.fr/#organisation",
      name: "Hestia Recouvrement",
      url: "https://www.example.fr/",
      logo: "https://www.example.fr/icons/icon-512x512.png",
      telephone: "+33199001234",
      email: "contact@hestia-recouvrement.fr",
      address: {
        "@type": "PostalAddress",
        streetAddress: "12 rue de la Paix",
        postalCode: "75002",
        addressLocality: "Paris",
        addressCountry: "FR",
      },
      areaServed: { "@type": "Country", name: "France" },
    });
  });

  it("leaves out a detail still to be completed rather than state a placeholder as a fact", () => {
    const data = organization(
      { ...company, headOffice: "[À COMPLÉTER : adresse du siège]" },
      "https://www.example.fr",
    );
    expect(data).not.toHaveProperty("address");
    expect(data).toHaveProperty("telephone", "+33199001234");
  });
});

it("keeps an address it cannot split as plain text", () => {
  expect(postalAddress("Immeuble Le Trident, Fort-de-France")).toBe(
    "Immeuble Le Trident, Fort-de-France",
  );
});

it("breadcrumbs go from the home page to the page, in order, with absolute URLs", () => {
  expect(
    breadcrumbList(
      [
        { name: "Accueil", path: "/" },
        { name: "Mentions légales", path: "/mentions-legales" },
      ],
      "https://www.example.fr",
    ),
  ).toEqual({
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [
      { "@type": "ListItem", position: 1, name: "Accueil", item: "https://www.example.fr/" },
      {
        "@type": "ListItem",
        position: 2,
        name: "Mentions légales",
        item: "https://www.example.fr/mentions-legales",
      },
    ],
  });
});
