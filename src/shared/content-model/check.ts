import { validate, type Struct } from "superstruct";
import { CompanyDetails, Figures } from "./schemas";
import { describeValue } from "./fields";
import { bodyOf, contentKinds, type ContentKind } from "./kinds";
import { placeholderPattern } from "./placeholder";
import { tokensIn } from "./tokens";

/** One line per problem: the file, the field, what was found and what was expected. */
export function checkFrontmatter(kind: ContentKind, frontmatter: unknown, file: string): string[] {
  const [error] = validate(frontmatter, contentKinds[kind].schema as Struct<unknown, unknown>);
  if (!error) return [];
  // A list or group of the wrong type is one problem, not one more per field it should hold.
  const wrongContainers: string[] = [];
  const lines: string[] = [];
  for (const failure of error.failures()) {
    const field = failure.path.join(".");
    if (wrongContainers.some((container) => field.startsWith(`${container}.`))) continue;
    if (!failure.refinement && (failure.type === "array" || failure.type === "object")) {
      wrongContainers.push(field);
      const expected =
        failure.type === "array"
          ? "une liste (lignes commençant par « - »)"
          : "un groupe de champs";
      const where = field ? `champ « ${field} »` : "l'en-tête entre les « --- »";
      lines.push(
        `${file} : ${where} : attendu ${expected}, trouvé ${describeValue(failure.value)}`,
      );
    } else if (failure.type === "never") {
      lines.push(
        `${file} : champ « ${field} » inconnu pour ce type de contenu, trouvé ${describeValue(failure.value)} : à retirer, ou à renommer si c'est une faute de frappe`,
      );
    } else {
      lines.push(
        field
          ? `${file} : champ « ${field} » : ${failure.message}`
          : `${file} : ${failure.message}`,
      );
    }
  }
  return lines;
}

/** A problem line when a kind's text below the frontmatter is missing. */
export function checkBody(kind: ContentKind, body: string, file: string): string[] {
  const name = bodyOf(kind)?.name;
  if (!name || body.trim() !== "") return [];
  return [`${file} : ${name} (sous la deuxième ligne « --- ») est vide, attendu un texte`];
}

export type TextFinding = { line: number; text: string };

/** What `find` returns for each line of a source, with its line number. */
function findByLine(source: string, find: (line: string) => string[]): TextFinding[] {
  return source
    .split("\n")
    .flatMap((line, index) => find(line).map((text) => ({ line: index + 1, text })));
}

export function findPlaceholders(source: string): TextFinding[] {
  return findByLine(source, (line) => [...line.matchAll(placeholderPattern)].map((m) => m[0]));
}

/** Tokens such as `{{company.phne}}` that name no company detail or figure. */
export function findUnknownTokens(source: string, known: ReadonlySet<string>): TextFinding[] {
  return findByLine(source, (line) =>
    tokensIn(line)
      .filter((name) => !known.has(name))
      .map((name) => `{{${name}}}`),
  );
}

/** Every token name the copy may use, from the schemas' own fields. */
export function knownTokenNames(): Set<string> {
  const names = new Set<string>();
  for (const key of Object.keys(CompanyDetails.schema)) names.add(`company.${key}`);
  for (const [key, struct] of Object.entries(Figures.schema)) {
    if (struct.type !== "array") names.add(`figures.${key}`);
  }
  return names;
}
