/** @jest-environment node */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import { formatEuro, formatNumber, formatPercent } from "../../format";
import {
  checkBody,
  checkFrontmatter,
  findPlaceholders,
  findUnknownTokens,
  knownTokenNames,
} from "../check";
import { contentKinds, isContentKind, type ContentKind } from "../kinds";
import { fillTokens, fillTokensDeep, tokensIn, tokenValues } from "../tokens";

// The real files of `content/`, parsed as gatsby-transformer-remark parses them (gray-matter),
// so the fixtures below are the real content with one mistake each.
const contentDir = path.resolve(__dirname, "../../../../content");

type ContentFile = {
  kind: ContentKind;
  file: string;
  source: string;
  data: Record<string, unknown>;
};

function readContent(): ContentFile[] {
  return Object.keys(contentKinds).flatMap((folder) =>
    readdirSync(path.join(contentDir, folder))
      .filter((name) => name.endsWith(".md"))
      .sort()
      .map((name) => {
        const source = readFileSync(path.join(contentDir, folder, name), "utf8");
        return {
          kind: folder as ContentKind,
          file: `content/${folder}/${name}`,
          source,
          data: matter(source).data as Record<string, unknown>,
        };
      }),
  );
}

const contentFiles = readContent();

function realFrontmatter(file: string): Record<string, unknown> {
  const found = contentFiles.find((content) => content.file === file);
  if (!found) throw new Error(`${file} is missing from content/`);
  // A deep copy, so that a row's mistake never leaks into another row.
  return structuredClone(found.data);
}

const companyFile = "content/company/company.md";
const figuresFile = "content/figures/figures.md";
const landingFile = "content/landing/landing.md";
const legalFile = "content/legal/mentions-legales.md";
const testimonialFile = "content/testimonials/01-directrice-clientele.md";
const clientFile = "content/clients/01-habitat-loire-ocean.md";

const company = realFrontmatter(companyFile);
const figures = realFrontmatter(figuresFile);
const landing = realFrontmatter(landingFile);
const legal = realFrontmatter(legalFile);

type Channel = { name: string; icon: string; rate: number; description: string };
const channels = figures.channels as Channel[];
const [sms, whatsapp, email, phone] = channels as [Channel, Channel, Channel, Channel];

function without(fields: Record<string, unknown>, key: string): Record<string, unknown> {
  const copy = { ...fields };
  delete copy[key];
  return copy;
}

const percentageExpected =
  "attendu un pourcentage entre 0 et 100 (un nombre seul, sans le signe %)";
const dateExpected = "attendu une date au format AAAA-MM-JJ (par exemple 2025-01-20)";
const iconExpected =
  "attendu l'une des valeurs « badge », « book », « card », « chat », « clock », « euro », « hand », « mail », « phone », « plug », « scale », « shield », « sms », « user »";

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
    [
      "no channel at all",
      "figures",
      figuresFile,
      { ...figures, channels: [] },
      [`${figuresFile} : « channels » est vide, attendu au moins un canal`],
    ],
    [
      "a channel icon that is not in the list",
      "figures",
      figuresFile,
      { ...figures, channels: [sms, whatsapp, email, { ...phone, icon: "telephone" }] },
      [
        `${figuresFile} : champ « channels.3.icon » : ${iconExpected}, trouvé le texte « telephone »`,
      ],
    ],
    [
      "a landing card icon that is not in the list",
      "landing",
      landingFile,
      {
        ...landing,
        approach: {
          ...(landing.approach as object),
          cards: [{ icon: "rocket", title: "Relances multicanales", text: "SMS et email." }],
        },
      },
      [
        `${landingFile} : champ « approach.cards.0.icon » : ${iconExpected}, trouvé le texte « rocket »`,
      ],
    ],
    [
      "a legal path without its leading slash",
      "legal",
      legalFile,
      { ...legal, path: "mentions-legales" },
      [
        `${legalFile} : champ « path » : attendu une adresse de page commençant par « / », en minuscules et tirets (par exemple /mentions-legales), trouvé le texte « mentions-legales »`,
      ],
    ],
    [
      "a legal path with capitals and accents",
      "legal",
      legalFile,
      { ...legal, path: "/Mentions-Légales" },
      [
        `${legalFile} : champ « path » : attendu une adresse de page commençant par « / », en minuscules et tirets (par exemple /mentions-legales), trouvé le texte « /Mentions-Légales »`,
      ],
    ],
    [
      "a testimonial order typed as text",
      "testimonials",
      testimonialFile,
      { order: "1", role: "Directrice de la gestion locative" },
      [
        `${testimonialFile} : champ « order » : attendu un nombre entier positif (chiffres seuls, sans espace ni symbole), trouvé le texte « 1 »`,
      ],
    ],
    [
      "an unknown field inside a group",
      "landing",
      landingFile,
      { ...landing, cta: { ...(landing.cta as object), phoneNumber: "01 99 00 12 34" } },
      [
        `${landingFile} : champ « cta.phoneNumber » inconnu pour ce type de contenu, trouvé le texte « 01 99 00 12 34 » : à retirer, ou à renommer si c'est une faute de frappe`,
      ],
    ],
    [
      "a yes/no value where a text is expected",
      "company",
      companyFile,
      { ...company, guarantor: true },
      [`${companyFile} : champ « guarantor » : attendu un texte non vide, trouvé la valeur vrai`],
    ],
    [
      "a count with a decimal part",
      "figures",
      figuresFile,
      { ...figures, takeoverHours: 24.5 },
      [
        `${figuresFile} : champ « takeoverHours » : attendu un nombre entier positif (chiffres seuls, sans espace ni symbole), trouvé le nombre 24.5`,
      ],
    ],
    [
      "a company phone number that is not French",
      "company",
      companyFile,
      { ...company, phone: "01 99 00 12" },
      [
        `${companyFile} : champ « phone » : attendu un numéro de téléphone français (par exemple 01 23 45 67 89), trouvé le texte « 01 99 00 12 »`,
      ],
    ],
    [
      "an email address without its domain",
      "company",
      companyFile,
      { ...company, email: "contact@" },
      [
        `${companyFile} : champ « email » : attendu une adresse email (par exemple contact@exemple.fr), trouvé le texte « contact@ »`,
      ],
    ],
    [
      "a company number one digit short",
      "company",
      companyFile,
      { ...company, siren: "RCS Paris 123 456 78" },
      [
        `${companyFile} : champ « siren » : attendu un numéro SIREN de 9 chiffres, précédé ou non de « RCS » et de la ville (par exemple RCS Paris 123 456 789), trouvé le texte « RCS Paris 123 456 78 »`,
      ],
    ],
    [
      "a VAT number without its country code",
      "company",
      companyFile,
      { ...company, vatNumber: "12 123 456 789" },
      [
        `${companyFile} : champ « vatNumber » : attendu un numéro de TVA intracommunautaire (FR, 2 caractères, puis les 9 chiffres du SIREN), trouvé le texte « 12 123 456 789 »`,
      ],
    ],
    [
      "a carte G number without its CPI prefix",
      "company",
      companyFile,
      { ...company, carteGNumber: "7501 2018 000 012 345" },
      [
        `${companyFile} : champ « carteGNumber » : attendu un numéro de carte professionnelle (par exemple CPI 7501 2018 000 012 345), trouvé le texte « 7501 2018 000 012 345 »`,
      ],
    ],
    [
      "a host phone number with letters",
      "company",
      companyFile,
      { ...company, hostPhone: "voir le site" },
      [
        `${companyFile} : champ « hostPhone » : attendu un numéro de téléphone (chiffres, espaces, points ou tirets, + devant l'indicatif), trouvé le texte « voir le site »`,
      ],
    ],
    [
      "a hero image outside content/images",
      "landing",
      landingFile,
      { ...landing, hero: { ...(landing.hero as object), image: "https://exemple.fr/hero.jpg" } },
      [
        `${landingFile} : champ « hero.image » : attendu le chemin d'une image du dossier content/images (par exemple ../images/hero.jpg), trouvé le texte « https://exemple.fr/hero.jpg »`,
      ],
    ],
    [
      "a client without a name",
      "clients",
      clientFile,
      { order: 1 },
      [
        `${clientFile} : champ « name » : attendu un texte non vide, trouvé rien (champ absent ou vide)`,
      ],
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
