import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
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

/**
 * A live release in `deployDir` as a deploy leaves it (releases/<id>/ with its content/ and site/,
 * `current` pointing to it), of this checkout's content/ but for the company's phone, which
 * marketing changed to `phone`. Resolves to the checkout's own phone, which must not show.
 */
export function liveReleaseWithPhone(deployDir: string, phone: string): string {
  const id = "20261128T100000000Z-0123456789ab";
  const release = join(deployDir, "releases", id);
  cpSync(join(process.cwd(), "content"), join(release, "content"), { recursive: true });
  const companyFile = join(release, "content", "company", "company.md");
  const text = readFileSync(companyFile, "utf8");
  const ownPhone = /^phone: "([^"]+)"$/m.exec(text)![1]!;
  writeFileSync(companyFile, text.replace(`phone: "${ownPhone}"`, `phone: "${phone}"`));
  mkdirSync(join(release, "site"));
  writeFileSync(join(release, "site", "index.html"), "<!doctype html><title>Accueil</title>");
  writeFileSync(join(release, "site", "404.html"), "<!doctype html><title>Introuvable</title>");
  writeFileSync(join(release, "site", "_headers"), "/*\n  X-Content-Type-Options: nosniff\n");
  writeFileSync(join(release, "release.json"), JSON.stringify({ id, commit: "0".repeat(40) }));
  symlinkSync(join("releases", id), join(deployDir, "current"));
  return ownPhone;
}
