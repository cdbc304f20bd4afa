import { readFileSync } from "node:fs";
import type { CreatePagesArgs } from "gatsby";
import {
  findPlaceholders,
  findUnknownTokens,
  knownTokenNames,
} from "../shared/content-model/check";
import { checkClaims } from "../shared/content-model/claims";
import { contentKinds, type ContentKind } from "../shared/content-model/kinds";
import { inFrench } from "../shared/content-model/paris-time";
import { readContentFile, type MarkdownNode } from "./content-files";
import { frontmatterProblem } from "./frontmatter";
import { readContentSource } from "./content-source";
import { checkScheduled } from "./schedule-checks";

type CheckArgs = Pick<CreatePagesArgs, "reporter" | "getNode" | "getNodesByType">;

/**
 * Every file of `content/` checked, and the checks no single file can make: a kind with no file,
 * a one-file kind with several, a token that names nothing, a regulated claim without its proof
 * in the company's details (claims.ts), placeholders (`CONTENT_STRICT=1` refuses them). Run from createPages, so that every build and every content edit under
 * `gatsby develop` checks all files afresh: nodes restored from Gatsby's cache never pass through
 * onCreateNode again. A build stops on any problem; `gatsby develop` shows them and keeps serving
 * what is valid.
 */
export function checkContent({ reporter, getNode, getNodesByType }: CheckArgs): void {
  const strict = process.env.CONTENT_STRICT === "1";
  const files = getNodesByType("MarkdownRemark")
    .map((markdown) => readContentFile(markdown as MarkdownNode, getNode))
    .filter((content) => content !== undefined);
  const problems = files.flatMap((content) => content.problems);
  const { asOf, unsourced, problems: scheduleProblems } = checkScheduled(process.cwd());
  problems.push(...scheduleProblems);
  // A file out of force at the build's instant is not sourced (schedule.ts): it is checked from
  // disk, so that a mistake in a scheduled file fails today's build rather than the one at its
  // instant, which nobody watches.
  for (const { file, kind } of unsourced) {
    problems.push(...readContentSource(kind as ContentKind, file.split("/").at(-1) ?? "").problems);
  }

  for (const [folder, kind] of Object.entries(contentKinds)) {
    const count = getNodesByType(kind.nodeType).length;
    const reported = files.some((content) => content.kind === folder && content.problems.length);
    const waiting = unsourced.some((entry) => entry.kind === folder);
    if (count === 0 && !reported && kind.single && waiting) {
      problems.push(
        `content/${folder}/ : aucun fichier en vigueur au ${inFrench(asOf)} (heure de Paris), attendu un : revoir « publishFrom » et « retireAt »`,
      );
    } else if (count === 0 && !reported && !waiting) {
      problems.push(`content/${folder}/ : aucun fichier, attendu au moins un fichier .md`);
    }
    if (kind.single && count > 1) {
      problems.push(`content/${folder}/ : ${count} fichiers, attendu un seul`);
    }
  }

  const company = files.find((content) => content.kind === "company");
  if (company) {
    const claiming = files.filter((content) => !["company", "figures"].includes(content.kind));
    problems.push(...checkClaims(claiming, company.fields, strict));
  }

  const known = knownTokenNames();
  const placeholders: string[] = [];
  for (const { file, relativePath } of files) {
    const source = readFileSync(file.absolutePath, "utf8");
    const unread = frontmatterProblem(source);
    if (unread) problems.push(`${relativePath}:1 : ${unread}`);
    for (const { line, text } of findUnknownTokens(source, known)) {
      problems.push(
        `${relativePath}:${line} : ${text} ne correspond à aucune coordonnée ni aucun chiffre`,
      );
    }
    for (const { line, text } of findPlaceholders(source)) {
      placeholders.push(`${relativePath}:${line} : ${text}`);
    }
  }

  if (placeholders.length > 0) {
    const heading = `${placeholders.length} contenu(s) encore à compléter :`;
    if (strict) {
      problems.push(`${heading} (CONTENT_STRICT=1 interdit de les publier)`, ...placeholders);
    } else {
      reporter.warn([heading, ...placeholders].join("\n"));
    }
  }

  if (problems.length > 0) {
    reporter.panicOnBuild(
      [
        "Le contenu de content/ comporte des erreurs :",
        ...problems.map((line) => `  - ${line}`),
      ].join("\n"),
    );
  }
}
