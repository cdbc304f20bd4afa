/** @jest-environment node */
// The checks on a file's text: its body, its placeholders still to complete, its {{tokens}},
// and how tokens are filled with the figures, formatted in French.
import { formatEuro, formatNumber, formatPercent } from "../../format";
import { checkBody, findPlaceholders, findUnknownTokens, knownTokenNames } from "../check";
import { isContentKind, type ContentKind } from "../kinds";
import { fillTokens, fillTokensDeep, tokensIn, tokenValues } from "../tokens";
import {
  contentFiles,
  companyFile,
  legalFile,
  testimonialFile,
  clientFile,
  company,
  figures,
} from "../../../test-utils/content-files";

describe("checkBody", () => {
  it.each<[ContentKind, string, string[]]>([
    [
      "testimonials",
      testimonialFile,
      [
        `${testimonialFile} : le texte du témoignage (sous la deuxième ligne « --- ») est vide, attendu un texte`,
      ],
    ],
    [
      "legal",
      legalFile,
      [
        `${legalFile} : le texte de la page (sous la deuxième ligne « --- ») est vide, attendu un texte`,
      ],
    ],
    ["clients", clientFile, []],
  ])("reports an empty %s text", (kind, file, expected) => {
    expect(checkBody(kind, " \n\n", file)).toEqual(expected);
  });

  it("accepts a text", () => {
    expect(checkBody("testimonials", "Un témoignage.", testimonialFile)).toEqual([]);
  });
});

describe("isContentKind", () => {
  it.each([
    ["company", true],
    ["figures", true],
    ["legal", true],
    ["images", false],
    ["toString", false],
  ])("%s is a content kind: %p", (name, expected) => {
    expect(isContentKind(name)).toBe(expected);
  });
});

describe("findPlaceholders", () => {
  it("gives the line and text of every placeholder, several on a line included", () => {
    const source = [
      "---",
      'name: "Hestia Recouvrement"',
      'headOffice: "[À COMPLÉTER : adresse du siège]"',
      'phone: "01 99 00 12 34"',
      'siren: "[À COMPLÉTER : numéro RCS / SIREN]" # et [À COMPLÉTER: numéro de TVA]',
      "---",
    ].join("\n");
    expect(findPlaceholders(source)).toEqual([
      { line: 3, text: "[À COMPLÉTER : adresse du siège]" },
      { line: 5, text: "[À COMPLÉTER : numéro RCS / SIREN]" },
      { line: 5, text: "[À COMPLÉTER: numéro de TVA]" },
    ]);
  });

  it("finds nothing in text without placeholders", () => {
    expect(findPlaceholders('name: "Hestia"\nphone: "01 99 00 12 34"')).toEqual([]);
  });

  it("lists exactly the company details still to complete in the real file, each at its line", () => {
    const source = contentFiles.find((content) => content.file === companyFile)?.source ?? "";
    const lines = source.split("\n");
    const found = findPlaceholders(source);
    const unknownValues = Object.values(company).filter(
      (value) => typeof value === "string" && value.startsWith("[À COMPLÉTER"),
    );
    expect(found.map(({ text }) => text)).toEqual(unknownValues);
    for (const { line, text } of found) expect(lines[line - 1]).toContain(text);
  });
});

describe("findUnknownTokens", () => {
  const known = knownTokenNames();

  it("flags a misspelt token with its line and accepts the known ones", () => {
    const source = [
      "Appelez le {{company.phone}}.",
      "Appelez le {{company.phne}}.",
      "{{figures.recoveryRate}} de recouvrement, {{ figures.takeoverHours }} h.",
      "{{figures.channels}} et {{site.name}}",
    ].join("\n");
    expect(findUnknownTokens(source, known)).toEqual([
      { line: 2, text: "{{company.phne}}" },
      { line: 4, text: "{{figures.channels}}" },
      { line: 4, text: "{{site.name}}" },
    ]);
  });

  it.each(contentFiles.map((content) => [content.file, content.source] as const))(
    "finds no unknown token in the real file %s",
    (_file, source) => {
      expect(findUnknownTokens(source, known)).toEqual([]);
    },
  );
});

describe("knownTokenNames", () => {
  it.each([
    ["company.phone", true],
    ["company.headOffice", true],
    ["figures.recoveryRate", true],
    ["figures.averageRecoveredAmount", true],
    ["figures.channels", false],
    ["figures.delayBands", false],
    ["company.phne", false],
  ])("%s is known: %p", (name, expected) => {
    expect(knownTokenNames().has(name)).toBe(expected);
  });
});

describe("tokens", () => {
  const values = tokenValues(company, figures);

  it.each([
    ["company.phone", "01 99 00 12 34"],
    ["company.name", "Hestia Recouvrement"],
    ["figures.recoveryRate", formatPercent(65)],
    ["figures.combinedContactRate", formatPercent(92)],
    ["figures.averageRecoveredAmount", "24\u202f000\u00a0€"],
    ["figures.averageServiceCost", "2\u202f000\u00a0€"],
    ["figures.casesPerMonth", "3\u202f500"],
    ["figures.takeoverHours", "24"],
  ])("tokenValues gives %s as %p", (name, expected) => {
    expect(values[name]).toBe(expected);
  });

  it("tokenValues leaves out the lists, which no sentence can hold", () => {
    expect(values).not.toHaveProperty(["figures.channels"]);
    expect(values).not.toHaveProperty(["figures.delayBands"]);
  });

  it('fills "{{figures.recoveryRate}}" with "65 %"', () => {
    const filled = fillTokens("{{figures.recoveryRate}}", values);
    expect(filled).toBe(formatPercent(65));
    expect(filled).toMatch(/^65[\u00a0\u202f]%$/u);
  });

  it.each([
    ["Appelez le {{company.phone}}", "Appelez le 01 99 00 12 34"],
    [
      "{{ company.name }} : {{figures.casesPerMonth}} dossiers",
      `Hestia Recouvrement : ${formatNumber(3500)} dossiers`,
    ],
    ["Coût moyen : {{figures.averageServiceCost}}", `Coût moyen : ${formatEuro(2000)}`],
    ["{{company.phne}} reste tel quel", "{{company.phne}} reste tel quel"],
    ["Sans jeton", "Sans jeton"],
  ])("fillTokens(%p) gives %p", (text, expected) => {
    expect(fillTokens(text, values)).toBe(expected);
  });

  it("fillTokens escapes the values it writes, never the text around them", () => {
    const escapeHtml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;");
    expect(
      fillTokens("<p>{{company.name}}</p>", { "company.name": "Dupont & Fils <SAS>" }, escapeHtml),
    ).toBe("<p>Dupont &amp; Fils &lt;SAS></p>");
  });

  it("fillTokensDeep fills every string and keeps the shape, numbers and nulls", () => {
    const content = {
      title: "Prise en charge sous {{figures.takeoverHours}} h",
      order: 3,
      image: null,
      highlights: ["{{figures.recoveryRate}} recouvrés", "Carte G"],
      cta: { phoneLabel: "Appeler le {{company.phone}}" },
    };
    expect(fillTokensDeep(content, values)).toEqual({
      title: "Prise en charge sous 24 h",
      order: 3,
      image: null,
      highlights: [`${formatPercent(65)} recouvrés`, "Carte G"],
      cta: { phoneLabel: "Appeler le 01 99 00 12 34" },
    });
    // The content read from GraphQL is left as it was.
    expect(content.title).toBe("Prise en charge sous {{figures.takeoverHours}} h");
  });

  it("tokensIn names every token of a text, in order", () => {
    expect(tokensIn("{{company.name}}, {{ figures.recoveryRate }} et {{pas un jeton}}")).toEqual([
      "company.name",
      "figures.recoveryRate",
    ]);
  });
});
