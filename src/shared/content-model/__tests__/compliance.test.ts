/** @jest-environment node */
import { readFileSync } from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import { checkFrontmatter } from "../check";
import { checkClaims } from "../claims";
import { checkWording, textsOf } from "../wording";

// The compliance rules of docs/compliance.md, tried on the real files of `content/` with one
// mistake each: the accessibility statement's state, the figures' sources, the words the
// tenants' page may not use, and the regulated claims' proofs.
const contentDir = path.resolve(__dirname, "../../../../content");

function real(file: string): { data: Record<string, unknown>; body: string } {
  const { data, content } = matter(readFileSync(path.join(contentDir, "..", file), "utf8"));
  return { data: structuredClone(data), body: content };
}

const statementFile = "content/accessibility/accessibilite.md";
const tenantsFile = "content/tenants/locataires.md";
const figuresFile = "content/figures/figures.md";
const landingFile = "content/landing/landing.md";
const legalFile = "content/legal/mentions-legales.md";
const companyFile = "content/company/company.md";

const statement = real(statementFile).data;
const figures = real(figuresFile).data;
const company = real(companyFile).data;

describe("the accessibility statement's state", () => {
  it("accepts the real statement: « non conforme », without an audit", () => {
    expect(checkFrontmatter("accessibility", statement, statementFile)).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    [
      "« totalement conforme » without an audit",
      { state: "totalement conforme" },
      [
        `${statementFile} : l'état « totalement conforme » exige un audit RGAA : renseigner « auditDate » (date de l'audit) et « auditRate » (taux de conformité), ou écrire « non conforme »`,
      ],
    ],
    [
      "« totalement conforme » with a date and no rate",
      { state: "totalement conforme", auditDate: "2027-03-15" },
      [
        `${statementFile} : l'état « totalement conforme » exige un audit RGAA : renseigner « auditDate » (date de l'audit) et « auditRate » (taux de conformité), ou écrire « non conforme »`,
      ],
    ],
    [
      "« totalement conforme » below 100 %",
      { state: "totalement conforme", auditDate: "2027-03-15", auditRate: 96 },
      [
        `${statementFile} : l'état « totalement conforme » exige un taux de 100 %, trouvé « auditRate » 96`,
      ],
    ],
    [
      "« partiellement conforme » without an audit",
      { state: "partiellement conforme" },
      [
        `${statementFile} : l'état « partiellement conforme » exige un audit RGAA : renseigner « auditDate » (date de l'audit) et « auditRate » (taux de conformité), ou écrire « non conforme »`,
      ],
    ],
    [
      "« partiellement conforme » below half the criteria",
      { state: "partiellement conforme", auditDate: "2027-03-15", auditRate: 40 },
      [
        `${statementFile} : l'état « partiellement conforme » exige un taux d'au moins 50 % et de moins de 100 %, trouvé « auditRate » 40`,
      ],
    ],
    [
      "« non conforme » with a rate that makes it partial",
      { state: "non conforme", auditDate: "2027-03-15", auditRate: 75 },
      [
        `${statementFile} : « auditRate » vaut 75 : à partir de 50 %, l'état est « partiellement conforme »`,
      ],
    ],
    [
      "a state outside the model",
      { state: "conforme" },
      [
        `${statementFile} : champ « state » : attendu l'une des valeurs « non conforme », « partiellement conforme », « totalement conforme », trouvé le texte « conforme »`,
      ],
    ],
  ])("refuses %s", (_, change, problems) => {
    expect(checkFrontmatter("accessibility", { ...statement, ...change }, statementFile)).toEqual(
      problems,
    );
  });

  it.each([
    ["partiellement conforme", 72.5],
    ["totalement conforme", 100],
  ])("accepts « %s » with an audit at %d %%", (state, auditRate) => {
    const audited = { ...statement, state, auditDate: "2027-03-15", auditRate };
    expect(checkFrontmatter("accessibility", audited, statementFile)).toEqual([]);
  });
});

describe("the figures' period and source", () => {
  type Source = { label: string; figures: string[]; period: string; source: string };
  const sources = figures.sources as Source[];
  const [results, contact] = sources as [Source, Source];

  it("accepts the real figures: every measured figure has a source", () => {
    expect(checkFrontmatter("figures", figures, figuresFile)).toEqual([]);
  });

  it.each<[string, unknown, string[]]>([
    [
      "a figure left out of every source",
      [
        { ...results, figures: results.figures.filter((name) => name !== "casesPerMonth") },
        contact,
      ],
      [
        `${figuresFile} : le chiffre « casesPerMonth » n'a ni période ni source : l'ajouter aux « figures » d'une entrée de « sources »`,
      ],
    ],
    [
      "a source without its period",
      [results, { ...contact, period: "" }],
      [
        `${figuresFile} : champ « sources.1.period » : attendu un texte non vide, trouvé le texte «  »`,
      ],
    ],
    [
      "a source naming no known figure",
      [results, { ...contact, figures: ["channels", "contactRate"] }],
      [
        `${figuresFile} : champ « sources.1.figures.1 » : attendu l'une des valeurs « recoveryRate », « amicableRate », « preLitigationRate », « averageDelayDays », « casesPerMonth », « averageRecoveredAmount », « averageServiceCost », « combinedContactRate », « channels », « delayBands », trouvé le texte « contactRate »`,
      ],
    ],
  ])("refuses %s", (_, changed, problems) => {
    expect(checkFrontmatter("figures", { ...figures, sources: changed }, figuresFile)).toEqual(
      problems,
    );
  });
});

const judicial =
  "fait croire à une procédure judiciaire : nous sommes une société de recouvrement amiable, ni un tribunal ni un commissaire de justice";

describe("the words of the tenants' page", () => {
  const tenants = real(tenantsFile);
  const texts = (description: string, body = tenants.body) =>
    textsOf({ ...tenants.data, description }, { name: "le texte de la page", text: body });

  it("accepts the real page", () => {
    expect(checkWording("tenants", texts(String(tenants.data.description)), tenantsFile)).toEqual(
      [],
    );
  });

  it.each<[string, string]>([
    ["Un huissier passera chez vous.", `« huissier » ${judicial}`],
    ["Avant saisie de vos biens.", `« saisie » ${judicial}, sans aucun pouvoir de saisie`],
    ["Nous pouvons saisir vos biens.", `« saisir vos » ${judicial}, sans aucun pouvoir de saisie`],
    ["Votre dossier part au service contentieux judiciaire.", `« contentieux » ${judicial}`],
    ["Sans réponse, des poursuites seront engagées.", `« poursuites » ${judicial}`],
    ["Ceci est une sommation de payer.", `« sommation » ${judicial}`],
    ["Dernier avis avant transmission.", `« Dernier avis » ${judicial}`],
    [
      "Les frais de recouvrement à votre charge s'élèvent à 40 €.",
      "« frais de recouvrement à votre charge » aucun frais de recouvrement ne peut être demandé au locataire : ils restent à la charge du créancier (article L111-8 du CPCE)",
    ],
  ])("refuses « %s » in the description", (description, problem) => {
    expect(checkWording("tenants", texts(description), tenantsFile)).toEqual([
      `${tenantsFile} : champ « description » : ${problem}`,
    ]);
  });

  it("names the body as the field when the word is in the text of the page", () => {
    const body = `${tenants.body}\n\nUn huissier de justice peut intervenir.`;
    expect(
      checkWording("tenants", texts(String(tenants.data.description), body), tenantsFile),
    ).toEqual([`${tenantsFile} : le texte de la page : « huissier » ${judicial}`]);
  });

  it("keeps the helpful uses: the CCAPEX can be asked, a commissaire de justice is named", () => {
    const description = "Vous pouvez saisir la CCAPEX ; nous ne sommes pas commissaire de justice.";
    expect(checkWording("tenants", texts(description), tenantsFile)).toEqual([]);
  });
});

describe("wordings no content may use", () => {
  it.each<[string, string]>([
    [
      "Les sommes transitent par un compte séquestre agréé.",
      "« séquestre » le séquestre est une notion juridique distincte et aucun agrément n'existe pour ce compte : écrire « compte bancaire dédié, exclusivement affecté aux fonds de nos clients » (article R124-2 du CPCE)",
    ],
    [
      "Activité de recouvrement amiable exercée sous carte G.",
      "« exercée sous carte G » la carte G (gestion immobilière) n'encadre pas le recouvrement amiable, régi par les articles L124-1 et R124-1 à R124-7 du CPCE : écrire « recouvrement amiable déclaré au procureur de la République, assurance RCP »",
    ],
  ])("refuses « %s » on the landing page", (text, problem) => {
    const texts = textsOf({ guarantees: { items: [{ text }] } });
    expect(checkWording("landing", texts, landingFile)).toEqual([
      `${landingFile} : champ « guarantees.items.0.text » : ${problem}`,
    ]);
  });
});

describe("regulated claims and their proofs", () => {
  const landing = real(landingFile);
  const legal = real(legalFile);
  const claiming = [
    { relativePath: landingFile, texts: textsOf(landing.data) },
    {
      relativePath: legalFile,
      texts: textsOf(legal.data, { name: "le texte de la page", text: legal.body }),
    },
  ];
  const given = {
    ...company,
    carteGNumber: "CPI 7501 2018 000 012 345",
    carteGChamber: "CCI Paris Île-de-France",
    guarantor: "Galian, 89 rue La Boétie, 75008 Paris",
    insurer: "MMA IARD",
    insurancePolicy: "RCP-114 552 0",
    dedicatedAccountBank: "Crédit Coopératif",
    prosecutorDeclarationDate: "15/03/2024",
  };
  const strictLine =
    "encore à compléter (CONTENT_STRICT=1 refuse de publier une affirmation sans sa preuve)";

  it("accepts every claim once the company gives its proofs, strict or not", () => {
    expect(checkClaims(claiming, given, true)).toEqual([]);
  });

  it("lets a placeholder through outside a strict build (the build lists it as to complete)", () => {
    expect(checkClaims(claiming, company, false)).toEqual([]);
  });

  it.each<[string, string, string, string]>([
    ["carteGNumber", legalFile, "le texte de la page", "carte G"],
    ["carteGChamber", legalFile, "le texte de la page", "carte G"],
    ["guarantor", legalFile, "le texte de la page", "carte G"],
    ["dedicatedAccountBank", landingFile, "champ « hero.lead »", "compte bancaire dédié"],
    [
      "prosecutorDeclarationDate",
      landingFile,
      "champ « hero.highlights.0 »",
      "déclaration au procureur de la République",
    ],
    ["insurer", landingFile, "champ « hero.highlights.0 »", "assurance RCP"],
    ["insurancePolicy", landingFile, "champ « hero.highlights.0 »", "assurance RCP"],
  ])("refuses a claim without « %s », in %s", (proof, file, field, claim) => {
    const basis =
      claim === "carte G" ? "décret n° 72-678, articles 92 et 93" : "article R124-2 du CPCE";
    const missing = { ...given, [proof]: undefined };
    const placeholder = { ...given, [proof]: "[À COMPLÉTER : preuve]" };
    const lines = (state: string) =>
      checkClaims(claiming, state === "manquant" ? missing : placeholder, true).filter((line) =>
        line.startsWith(file),
      );
    const line = (state: string) =>
      `${file} : ${field} affirme « ${claim} » : ${companyFile}, champ « ${proof} » ${state} (${basis})`;
    expect(lines("manquant")).toEqual([line("manquant")]);
    expect(lines(strictLine)).toEqual([line(strictLine)]);
    expect(checkClaims(claiming, missing, false)).toContain(line("manquant"));
  });

  it("asks nothing of a company whose content makes no claim", () => {
    const plain = [{ relativePath: "content/testimonials/01.md", texts: textsOf({ role: "DAF" }) }];
    expect(checkClaims(plain, {}, true)).toEqual([]);
  });
});
