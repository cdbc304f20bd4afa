import matter from "gray-matter";

// A content file's frontmatter and text, read as gatsby-transformer-remark reads them: YAML
// between two « --- » lines. gray-matter on its own evaluates a « ---js » frontmatter as
// JavaScript, and the server reads the live release's content/ (the acknowledgement email, the
// schedule) outside the build box: that would run a publication's code in the server's own
// process. Any language but YAML is refused instead (the transformer reads « ---js » as empty).

const readable = new Set(["", "yaml", "yml"]);

/** Why `text`'s frontmatter is not read (a language other than YAML named after « --- »), or null. */
export function frontmatterProblem(text: string): string | null {
  const language = /^---([^\r\n]*)/.exec(text)?.[1]?.trim().toLowerCase() ?? "";
  return readable.has(language)
    ? null
    : `l'en-tête « ---${language} » n'est pas lu : il doit être en YAML, entre deux lignes « --- »`;
}

export interface Frontmatter {
  data: Record<string, unknown>;
  content: string;
}

/** Parses `text`; throws, in French, on a frontmatter that is not YAML or on malformed YAML. */
export function parseFrontmatter(text: string): Frontmatter {
  const problem = frontmatterProblem(text);
  if (problem) throw new Error(problem);
  // The evaluating engines removed too: what gray-matter takes for a language is never run.
  const refused = { parse: () => ({}) };
  const { data, content } = matter(text, { engines: { js: refused, javascript: refused } });
  return { data: data as Record<string, unknown>, content };
}
