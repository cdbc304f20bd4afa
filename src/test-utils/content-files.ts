// The real files of content/ as the content checks' tests read them, and the French wording of
// what a check expects (src/shared/content-model/__tests__/).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseFrontmatter } from "../build/frontmatter";
import { contentKinds, type ContentKind } from "../shared/content-model/kinds";

// The real files of `content/`, parsed as gatsby-transformer-remark parses them (gray-matter),
// so the fixtures below are the real content with one mistake each.
export const contentDir = path.resolve(__dirname, "../../content");

export type ContentFile = {
  kind: ContentKind;
  file: string;
  source: string;
  data: Record<string, unknown>;
};

export function readContent(): ContentFile[] {
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
          data: parseFrontmatter(source).data,
        };
      }),
  );
}

export const contentFiles = readContent();

export function realFrontmatter(file: string): Record<string, unknown> {
  const found = contentFiles.find((content) => content.file === file);
  if (!found) throw new Error(`${file} is missing from content/`);
  // A deep copy, so that a row's mistake never leaks into another row.
  return structuredClone(found.data);
}

export const companyFile = "content/company/company.md";
export const figuresFile = "content/figures/figures.md";
export const landingFile = "content/landing/landing.md";
export const legalFile = "content/legal/mentions-legales.md";
export const testimonialFile = "content/testimonials/01-directrice-clientele.md";
export const clientFile = "content/clients/01-habitat-loire-ocean.md";

export const company = realFrontmatter(companyFile);
export const figures = realFrontmatter(figuresFile);
export const landing = realFrontmatter(landingFile);
export const legal = realFrontmatter(legalFile);

export type Channel = { name: string; icon: string; rate: number; description: string };
export const channels = figures.channels as Channel[];
export const [sms, whatsapp, email, phone] = channels as [Channel, Channel, Channel, Channel];

export function without(fields: Record<string, unknown>, key: string): Record<string, unknown> {
  const copy = { ...fields };
  delete copy[key];
  return copy;
}

export const percentageExpected =
  "attendu un pourcentage entre 0 et 100 (un nombre seul, sans le signe %)";
export const dateExpected = "attendu une date au format AAAA-MM-JJ (par exemple 2025-01-20)";
export const iconExpected =
  "attendu l'une des valeurs « badge », « book », « card », « chat », « clock », « euro », « hand », « mail », « phone », « plug », « scale », « shield », « sms », « user »";
