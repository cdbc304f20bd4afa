import path from "node:path";
import type { Node } from "gatsby";
import { checkBody, checkFrontmatter } from "../shared/content-model/check";
import { bodyOf, isContentKind, type ContentKind } from "../shared/content-model/kinds";
import { checkWording, textsOf, type PlacedText } from "../shared/content-model/wording";

// A Markdown file of `content/` as the build reads it: its kind, its fields as the typed node will
// hold them, and its problems. Shared by the node maker and the site-wide checks, which both read
// every file (see content-checks.ts for why).

type FileNode = Node & { sourceInstanceName: string; absolutePath: string };
export type MarkdownNode = Node & {
  frontmatter?: Record<string, unknown>;
  rawMarkdownBody?: string;
};

export type ContentFile = {
  kind: ContentKind;
  file: FileNode;
  relativePath: string;
  fields: Record<string, unknown>;
  /** Every text of the file, with the field it stands in (the claims' check reads them). */
  texts: PlacedText[];
  problems: string[];
};

/** Fields holding a day, which YAML may have parsed into a timestamp. */
const dayFields = ["updatedAt", "auditDate"];

/** The file's path from the site's root, as problems name it (`content/figures/figures.md`). */
const relativeToSite = (absolutePath: string) => path.relative(process.cwd(), absolutePath);

export function readContentFile(
  markdown: MarkdownNode,
  getNode: (id: string) => Node | undefined,
): ContentFile | undefined {
  const file = markdown.parent ? (getNode(markdown.parent) as FileNode | undefined) : undefined;
  if (!file || !isContentKind(file.sourceInstanceName)) return undefined;
  const kind = file.sourceInstanceName;
  const relativePath = relativeToSite(file.absolutePath);
  // gatsby-transformer-remark adds an empty `title` to every file; only the files we read count.
  const { title, ...rest } = markdown.frontmatter ?? {};
  const frontmatter = title === "" ? rest : { title, ...rest };

  const body = markdown.rawMarkdownBody?.trim() ?? "";
  const shownBody = bodyOf(kind);
  const texts = textsOf(frontmatter, shownBody && { name: shownBody.name, text: body });
  const problems = [
    ...checkFrontmatter(kind, frontmatter, relativePath),
    ...checkBody(kind, body, relativePath),
    ...checkWording(kind, texts, relativePath),
  ];
  // A body shown as text is stored on the node; one shown as HTML is rendered by its resolver
  // (legal-html.ts). YAML may have parsed a date into a timestamp: the node keeps the day.
  const fields: Record<string, unknown> =
    shownBody?.as === "text" ? { ...frontmatter, [shownBody.field]: body } : { ...frontmatter };
  for (const day of dayFields) {
    if (fields[day] !== undefined) fields[day] = String(fields[day]).slice(0, 10);
  }
  return { kind, file, relativePath, fields, texts, problems };
}
