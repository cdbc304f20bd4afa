// The production build in public/ as the build tests read it: its files, its pages with the
// route and canonical URL each answers to, the rules of public/_headers, and the company's
// content they are checked against.
import { readFileSync } from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import { siteUrl } from "../../../src/shared/site-url";

export const root = path.resolve(__dirname, "../../..");
export const publicDir = path.join(root, "public");
export const origin = siteUrl(process.env.SITE_URL);
export const text = (file: string) => readFileSync(path.join(publicDir, file), "utf8");
export const parse = (source: string, type: DOMParserSupportedType) =>
  new DOMParser().parseFromString(source, type);
export const content = (file: string) =>
  matter(readFileSync(path.join(root, "content", file), "utf8")).data as Record<string, unknown>;
export const company = content("company/company.md") as Record<string, string>;

export type Rule = { path: string; headers: Map<string, string> };
export const rules: Rule[] = [];
for (const line of text("_headers").split("\n")) {
  if (!line.trim() || line.startsWith("#")) continue;
  if (!line.startsWith(" ")) rules.push({ path: line, headers: new Map() });
  else {
    const [name = "", ...value] = line.trim().split(":");
    rules.at(-1)?.headers.set(name.toLowerCase(), value.join(":").trim());
  }
}
export const ruleFor = (rulePath: string) => rules.find((rule) => rule.path === rulePath);
export const directive = (policy: string, name: string) =>
  policy
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name)
    ?.slice(1) ?? [];

export const pages = [
  { file: "index.html", route: "/", canonical: `${origin}/`, kind: "landing" },
  { file: "contact/index.html", route: "/contact", canonical: `${origin}/`, kind: "landing" },
  { file: "404.html", route: "/404.html", canonical: `${origin}/`, kind: "other" },
  ...[
    "mentions-legales",
    "politique-confidentialite",
    "conditions-generales",
    "accessibilite",
    "locataires",
  ].map((name) => ({
    file: `${name}/index.html`,
    route: `/${name}`,
    canonical: `${origin}/${name}`,
    kind: "legal",
  })),
];
