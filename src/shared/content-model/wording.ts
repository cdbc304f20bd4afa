import type { ContentKind } from "./kinds";

// Words the content may not use, each with the reason a reader of the build's message needs.
// A collection company's copy is read by its clients' lawyers and by the DGCCRF: a regulated
// claim is worded as the text that governs it (code des procédures civiles d'exécution, CPCE),
// and the page for tenants never sounds like a court (see docs/compliance.md).

export type WordRule = { pattern: RegExp; reason: string };

/** Wordings no content file may use: they claim what the law does not give. */
export const wrongClaims: readonly WordRule[] = [
  {
    pattern: /séquestres?/iu,
    reason:
      "le séquestre est une notion juridique distincte et aucun agrément n'existe pour ce compte : écrire « compte bancaire dédié, exclusivement affecté aux fonds de nos clients » (article R124-2 du CPCE)",
  },
  {
    pattern: /(?:exercée?s?|agissant|opérant) sous (?:la )?carte (?:professionnelle )?G\b/iu,
    reason:
      "la carte G (gestion immobilière) n'encadre pas le recouvrement amiable, régi par les articles L124-1 et R124-1 à R124-7 du CPCE : écrire « recouvrement amiable déclaré au procureur de la République, assurance RCP »",
  },
];

const judicial =
  "fait croire à une procédure judiciaire : nous sommes une société de recouvrement amiable, ni un tribunal ni un commissaire de justice";

/** Words the page for tenants may not use: they sound judicial, or charge the tenant. */
export const judicialWords: readonly WordRule[] = [
  { pattern: /huissiers?/iu, reason: judicial },
  { pattern: /saisies?\b/iu, reason: `${judicial}, sans aucun pouvoir de saisie` },
  {
    pattern: /saisir (?:vos|votre|tes|ton|leurs?|ses|son) /iu,
    reason: `${judicial}, sans aucun pouvoir de saisie`,
  },
  { pattern: /contentieux/iu, reason: judicial },
  { pattern: /poursuites?\b/iu, reason: judicial },
  {
    pattern: /sommation|commandement de payer|exécution forcée|assignation|dernier avis/iu,
    reason: judicial,
  },
  {
    pattern:
      /frais (?:de recouvrement )?(?:sont |restent )?à (?:votre|ta|leur) charge|à vos frais/iu,
    reason:
      "aucun frais de recouvrement ne peut être demandé au locataire : ils restent à la charge du créancier (article L111-8 du CPCE)",
  },
];

/** A text of a content file and where it stands: a frontmatter field, or the body. */
export type PlacedText = { field: string; text: string };

/** Every text of a file: each frontmatter string with its field's path, then the body. */
export function textsOf(frontmatter: unknown, body?: { name: string; text: string }): PlacedText[] {
  const texts: PlacedText[] = [];
  const walk = (value: unknown, field: string) => {
    if (typeof value === "string") texts.push({ field: `champ « ${field} »`, text: value });
    else if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${field}.${i}`));
    else if (value !== null && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) walk(item, field ? `${field}.${key}` : key);
    }
  };
  walk(frontmatter, "");
  if (body && body.text.trim() !== "") texts.push({ field: body.name, text: body.text });
  return texts;
}

/** The rules a kind's files are held to. */
export function wordRulesFor(kind: ContentKind): readonly WordRule[] {
  return kind === "tenants" ? [...wrongClaims, ...judicialWords] : wrongClaims;
}

/** One problem line per forbidden word found: the file, the field, the word and why. */
export function checkWording(kind: ContentKind, texts: PlacedText[], file: string): string[] {
  const rules = wordRulesFor(kind);
  return texts.flatMap(({ field, text }) =>
    rules.flatMap(({ pattern, reason }) => {
      const found = text.match(pattern)?.[0];
      return found ? [`${file} : ${field} : « ${found.trim()} » ${reason}`] : [];
    }),
  );
}
