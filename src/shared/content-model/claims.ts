import type { CompanyDetails } from "./schemas";
import { isPlaceholder } from "./placeholder";
import type { PlacedText } from "./wording";

// Regulated claims and the company details that prove them. Where any content file makes a claim,
// each proof must be given: a missing one fails every build, a `[À COMPLÉTER : …]` one fails a
// strict build (CONTENT_STRICT=1), as the legal notice and the claim would otherwise publish a
// promise the company cannot show. docs/compliance.md gives each claim's legal basis.

export type Claim = {
  name: string;
  pattern: RegExp;
  proofs: readonly (keyof CompanyDetails)[];
  basis: string;
};

export const claims: readonly Claim[] = [
  {
    name: "carte G",
    pattern: /carte (?:professionnelle )?(?:« ?)?G\b|carte G\b/iu,
    proofs: ["carteGNumber", "carteGChamber", "guarantor"],
    basis: "décret n° 72-678, articles 92 et 93",
  },
  {
    name: "compte bancaire dédié",
    pattern: /compte (?:bancaire )?dédié|exclusivement affecté/iu,
    proofs: ["dedicatedAccountBank"],
    basis: "article R124-2 du CPCE",
  },
  {
    name: "déclaration au procureur de la République",
    pattern: /procureur de la République/iu,
    proofs: ["prosecutorDeclarationDate"],
    basis: "article R124-2 du CPCE",
  },
  {
    name: "assurance RCP",
    pattern: /\bRCP\b|responsabilité civile professionnelle/iu,
    proofs: ["insurer", "insurancePolicy"],
    basis: "article R124-2 du CPCE",
  },
];

export type ClaimingFile = { relativePath: string; texts: PlacedText[] };

const companyFile = "content/company/company.md";

/** One problem line per claim a file makes without its proof. */
export function checkClaims(
  files: readonly ClaimingFile[],
  company: Readonly<Record<string, unknown>>,
  strict: boolean,
): string[] {
  const problems: string[] = [];
  for (const { relativePath, texts } of files) {
    for (const claim of claims) {
      const where = texts.find(({ text }) => claim.pattern.test(text));
      if (!where) continue;
      for (const proof of claim.proofs) {
        const value = company[proof];
        const missing = typeof value !== "string" || value.trim() === "";
        if (!missing && !(strict && isPlaceholder(value))) continue;
        const state = missing
          ? "manquant"
          : "encore à compléter (CONTENT_STRICT=1 refuse de publier une affirmation sans sa preuve)";
        problems.push(
          `${relativePath} : ${where.field} affirme « ${claim.name} » : ${companyFile}, champ « ${proof} » ${state} (${claim.basis})`,
        );
      }
    }
  }
  return problems;
}
