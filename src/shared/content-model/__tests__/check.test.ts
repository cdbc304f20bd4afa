/** @jest-environment node */
// checkFrontmatter on the real files of content/, each row one mistake and its French report
// (file, field, reason); the other rows: check.frontmatter.test.ts.

import { checkFrontmatter } from "../check";
import { contentKinds, type ContentKind } from "../kinds";

import {
  contentFiles,
  companyFile,
  figuresFile,
  landingFile,
  legalFile,
  company,
  figures,
  landing,
  sms,
  email,
  phone,
  without,
  percentageExpected,
  dateExpected,
  whatsapp,
  legal,
} from "../../../test-utils/content-files";

describe("checkFrontmatter", () => {
  it.each<[string, ContentKind, string, unknown, string[]]>([
    [
      "a missing field",
      "company",
      companyFile,
      without(company, "legalForm"),
      [
        `${companyFile} : champ « legalForm » : attendu un texte non vide, trouvé rien (champ absent ou vide)`,
      ],
    ],
    [
      "an empty text",
      "company",
      companyFile,
      { ...company, name: "" },
      [`${companyFile} : champ « name » : attendu un texte non vide, trouvé le texte «  »`],
    ],
    [
      "a percentage typed with its sign",
      "figures",
      figuresFile,
      { ...figures, recoveryRate: "65%" },
      [`${figuresFile} : champ « recoveryRate » : ${percentageExpected}, trouvé le texte « 65% »`],
    ],
    [
      "a percentage above 100",
      "figures",
      figuresFile,
      { ...figures, combinedContactRate: 120 },
      [
        `${figuresFile} : champ « combinedContactRate » : ${percentageExpected}, trouvé le nombre 120`,
      ],
    ],
    [
      "a negative percentage in a list",
      "figures",
      figuresFile,
      { ...figures, channels: [sms, { ...whatsapp, rate: -5 }, email, phone] },
      [`${figuresFile} : champ « channels.1.rate » : ${percentageExpected}, trouvé le nombre -5`],
    ],
    [
      "a count written with a space",
      "figures",
      figuresFile,
      { ...figures, casesPerMonth: "3 500" },
      [
        `${figuresFile} : champ « casesPerMonth » : attendu un nombre entier positif (chiffres seuls, sans espace ni symbole), trouvé le texte « 3 500 »`,
      ],
    ],
    [
      "an amount of zero",
      "figures",
      figuresFile,
      { ...figures, averageServiceCost: 0 },
      [
        `${figuresFile} : champ « averageServiceCost » : attendu un nombre d'au moins 1 (chiffres seuls, sans espace ni symbole), trouvé le nombre 0`,
      ],
    ],
    [
      "an unknown field (a typo)",
      "company",
      companyFile,
      { ...company, adress: "12 rue de la Paix, 75002 Paris" },
      [
        `${companyFile} : champ « adress » inconnu pour ce type de contenu, trouvé le texte « 12 rue de la Paix, 75002 Paris » : à retirer, ou à renommer si c'est une faute de frappe`,
      ],
    ],
    [
      "a misspelt field: missing under its name, unknown under the typo",
      "figures",
      figuresFile,
      { ...without(figures, "recoveryRate"), recoveryRat: 65 },
      [
        `${figuresFile} : champ « recoveryRate » : ${percentageExpected}, trouvé rien (champ absent ou vide)`,
        `${figuresFile} : champ « recoveryRat » inconnu pour ce type de contenu, trouvé le nombre 65 : à retirer, ou à renommer si c'est une faute de frappe`,
      ],
    ],
    [
      "a date that does not exist",
      "legal",
      legalFile,
      { ...legal, updatedAt: "2025-02-30" },
      [`${legalFile} : champ « updatedAt » : ${dateExpected}, trouvé le texte « 2025-02-30 »`],
    ],
    [
      "a date written the French way",
      "legal",
      legalFile,
      { ...legal, updatedAt: "20/01/2025" },
      [`${legalFile} : champ « updatedAt » : ${dateExpected}, trouvé le texte « 20/01/2025 »`],
    ],
    [
      "a list where a group of fields is expected",
      "landing",
      landingFile,
      { ...landing, hero: ["Carte G"] },
      [
        `${landingFile} : champ « hero » : attendu un groupe de champs, trouvé une liste de 1 élément(s)`,
      ],
    ],
    [
      "a single text where a list is expected",
      "landing",
      landingFile,
      { ...landing, hero: { ...(landing.hero as object), highlights: "Carte G" } },
      [
        `${landingFile} : champ « hero.highlights » : attendu une liste (lignes commençant par « - »), trouvé le texte « Carte G »`,
      ],
    ],
    [
      "a date that is a number",
      "legal",
      legalFile,
      { ...legal, updatedAt: 2025 },
      [`${legalFile} : champ « updatedAt » : ${dateExpected}, trouvé le nombre 2025`],
    ],
    [
      "amicable + pre-litigation rates that do not make the recovery rate",
      "figures",
      figuresFile,
      { ...figures, amicableRate: 50 },
      [
        `${figuresFile} : les taux « amicableRate » (50) + « preLitigationRate » (14) font 64, attendu égal à « recoveryRate » (65)`,
      ],
    ],
    [
      "delay-band shares that do not add up to 100",
      "figures",
      figuresFile,
      {
        ...figures,
        delayBands: [
          { days: 7, share: 35 },
          { days: 15, share: 45 },
          { days: 30, share: 25 },
        ],
      },
      [`${figuresFile} : les parts « share » de « delayBands » font 105 au total, attendu 100`],
    ],
  ])("reports %s", (_rule, kind, file, frontmatter, expected) => {
    expect(checkFrontmatter(kind, frontmatter, file)).toEqual(expected);
  });

  it.each(contentFiles.map((content) => [content.file, content] as const))(
    "accepts the real file %s",
    (_file, content) => {
      expect(checkFrontmatter(content.kind, content.data, content.file)).toEqual([]);
    },
  );

  it("finds a file for every kind of content", () => {
    const kinds = new Set(contentFiles.map((content) => content.kind));
    expect([...kinds].sort()).toEqual(Object.keys(contentKinds).sort());
  });

  it.each([
    ["phone", "0199001234"],
    ["phone", "+33 1 99 00 12 34"],
    ["siren", "123 456 789"],
    ["siren", "RCS Saint-Étienne 123456789"],
    ["vatNumber", "FR 12 123 456 789"],
    ["carteGNumber", "CPI 7501 2018 000 012 345"],
    ["hostPhone", "+1 415 555 0100"],
    ["hostPhone", "[À COMPLÉTER : téléphone de l'hébergeur]"],
    ["email", "[À COMPLÉTER : adresse email]"],
  ])("accepts the company's %s written %p", (key, value) => {
    expect(checkFrontmatter("company", { ...company, [key]: value }, companyFile)).toEqual([]);
  });

  it("accepts a date that YAML has already read as a Date", () => {
    expect(
      checkFrontmatter("legal", { ...legal, updatedAt: new Date("2025-01-20") }, legalFile),
    ).toEqual([]);
  });
});
