import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

// The company's details as the client fills them in before going live: content/ as the
// repository holds it still has `[À COMPLÉTER : …]` placeholders, which a production build
// (CONTENT_STRICT=1, as every deploy builds) refuses to publish.

const company: Record<string, string> = {
  shareCapital: "50 000 €",
  headOffice: "12 rue de la République, 69002 Lyon",
  siren: "RCS Lyon 123 456 789",
  vatNumber: "FR 12 123 456 789",
  publicationDirector: "Claire Martin",
  carteGNumber: "CPI 6901 2024 000 000 123",
  carteGChamber: "CCI Lyon Métropole",
  guarantor: "Galian Assurances",
  guaranteeAmount: "110 000 €",
  insurer: "MMA IARD",
  insurancePolicy: "RCP-2024-001",
  dedicatedAccountBank: "Crédit Coopératif",
  prosecutorDeclarationDate: "15/01/2024",
  hostName: "OVH SAS",
  hostAddress: "2 rue Kellermann, 59100 Roubaix",
  hostPhone: "09 72 10 10 07",
};

/** Fills every placeholder of content/ in the checkout at `root`. */
export function completeContent(root: string): void {
  const companyFile = join(root, "content/company/company.md");
  let text = readFileSync(companyFile, "utf8");
  for (const [field, value] of Object.entries(company)) {
    text = text.replace(
      new RegExp(`^${field}: "\\[À COMPLÉTER[^"]*"$`, "m"),
      `${field}: "${value}"`,
    );
  }
  writeFileSync(companyFile, text);
  const figuresFile = join(root, "content/figures/figures.md");
  writeFileSync(
    figuresFile,
    readFileSync(figuresFile, "utf8").replace(
      /\[À COMPLÉTER : période, par exemple ([^\]]+)\]/g,
      "$1",
    ),
  );
}
