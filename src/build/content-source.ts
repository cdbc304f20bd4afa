import { readFileSync } from "node:fs";
import path from "node:path";
import { checkBody, checkFrontmatter } from "../shared/content-model/check";
import { parseFrontmatter } from "./frontmatter";
import type { ContentKind } from "../shared/content-model/kinds";

// A Markdown file of `content/` read outside Gatsby's data layer (the site's configuration, the
// admin's logo, the production server's acknowledgement email): parsed by gray-matter, the parser
// gatsby-transformer-remark uses, and checked by the content model, with the same French problem
// lines the build gives (file, field, reason).

export interface ContentSource {
  /** The frontmatter's fields as YAML gives them. */
  fields: Record<string, unknown>;
  /** The text under the frontmatter. */
  body: string;
  /** One line per problem, empty when the file is as its kind requires. */
  problems: string[];
}

/** `content/<kind>/<name>` under `contentDir` (the project's `content/` by default). */
export function readContentSource(
  kind: ContentKind,
  name: string,
  contentDir = path.resolve("content"),
): ContentSource {
  const file = path.join(contentDir, kind, name);
  const shown = path.join("content", kind, name);
  let parsed;
  try {
    parsed = parseFrontmatter(readFileSync(file, "utf8"));
  } catch (error) {
    // Read, not thrown: the caller reports it as any other problem of the file.
    return { fields: {}, body: "", problems: [`${shown} : ${(error as Error).message}`] };
  }
  const { data: fields, content } = parsed;
  const body = content.trim();
  return {
    fields,
    body,
    problems: [...checkFrontmatter(kind, fields, shown), ...checkBody(kind, body, shown)],
  };
}
