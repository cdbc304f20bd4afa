import { readFileSync } from "node:fs";
import path from "node:path";
import matter from "gray-matter";

// The legal notice must show every item French law requires of this company (LCEN art. 6,
// loi Hoguet for the carte G), each taken from the company details in content/company/.

const root = path.resolve(__dirname, "../..");
const company = matter(readFileSync(path.join(root, "content/company/company.md"), "utf8"))
  .data as Record<string, string>;
const html = readFileSync(path.join(root, "public/mentions-legales/index.html"), "utf8");
const page = new DOMParser().parseFromString(html, "text/html");
const listItems = [...page.querySelectorAll("main li")].map((item) =>
  (item.textContent ?? "").replace(/\s+/g, " ").trim(),
);
const paragraphs = [...page.querySelectorAll("main p")].map((p) => p.textContent ?? "");

describe("the legal notice", () => {
  it.each([
    ["Dénomination", "name"],
    ["Forme juridique", "legalForm"],
    ["Capital social", "shareCapital"],
    ["Siège social", "headOffice"],
    ["Téléphone", "phone"],
    ["Courriel", "email"],
    ["Immatriculation (RCS / SIREN)", "siren"],
    ["Numéro de TVA intracommunautaire", "vatNumber"],
    ["Numéro de carte professionnelle", "carteGNumber"],
    ["Délivrée par", "carteGChamber"],
    ["Garant financier", "guarantor"],
    ["Montant de la garantie financière", "guaranteeAmount"],
    ["Hébergeur", "hostName"],
    ["Adresse", "hostAddress"],
    ["Téléphone", "hostPhone"],
  ])("shows « %s » with the company's %s", (label, key) => {
    const value = company[key];
    expect(value).toEqual(expect.any(String));
    expect(listItems).toContain(`${label} : ${value}`);
  });

  it("names the publication director from the company details", () => {
    const director = company.publicationDirector;
    expect(director).toEqual(expect.any(String));
    expect(paragraphs.some((text) => text.includes(`assurée par ${director}`))).toBe(true);
  });

  it("leaves no company token unfilled", () => {
    expect(page.body.textContent).not.toMatch(/\{\{\s*company\./);
  });
});
