/** @jest-environment node */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Struct } from "superstruct";
import { contentKinds, type ContentKind } from "../../shared/content-model/kinds";

// The README and docs/ say what the code is; these tests fail when the two part: the README's
// scripts and folders, marketing's field tables, and every relative link.

const root = path.resolve(__dirname, "../../..");
const read = (relativePath: string) => readFileSync(path.join(root, relativePath), "utf8");
const readme = read("README.md");

/** The cells of each body row of the first table under the first heading line that matches. */
function tableUnder(doc: string, heading: (line: string) => boolean): string[][] {
  const lines = doc.split("\n");
  const start = lines.findIndex((line) => line.startsWith("#") && heading(line));
  const first = lines.findIndex((line, index) => index > start && line.startsWith("|"));
  const nextHeading = lines.findIndex((line, index) => index > start && line.startsWith("#"));
  if (start === -1 || first === -1 || (nextHeading !== -1 && nextHeading < first)) return [];
  const end = lines.findIndex((line, index) => index > first && !line.startsWith("|"));
  return lines.slice(first + 2, end === -1 ? undefined : end).map((row) =>
    row
      .replace(/^\||\|$/g, "")
      .split("|")
      .map((cell) => cell.trim()),
  );
}

/** A cell's first code span, without its backticks. */
const codeSpan = (cell: string | undefined) => /`([^`]+)`/.exec(cell ?? "")?.[1];

describe("README.md", () => {
  it("lists every script of package.json in its scripts table, and no other", () => {
    const scripts = Object.keys(
      (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts,
    );
    const listed = tableUnder(readme, (line) => line === "## Scripts").map((row) => {
      const command = codeSpan(row[0]) ?? "";
      // `npm start`, `npm test`, `npm run leads -- <commande>`
      return /^npm (?:run )?([\w:-]+)/.exec(command)?.[1] ?? command;
    });
    expect(listed.length).toBe(new Set(listed).size);
    expect([...listed].sort()).toEqual([...scripts].sort());
  });

  it("maps every top-level folder and every folder of src/ that git tracks, and nothing else", () => {
    const files = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" })
      .split("\n")
      .filter(Boolean);
    const folders = new Set<string>();
    for (const file of files) {
      const parts = file.split("/");
      if (parts.length > 1) folders.add(`${parts[0]}/`);
      if (parts[0] === "src" && parts.length > 2) folders.add(`src/${parts[1]}/`);
    }
    const rows = tableUnder(readme, (line) => line === "## Code map");
    const mapped = rows.map((row) => codeSpan(row[0]) ?? "");
    expect(mapped.length).toBe(new Set(mapped).size);
    expect([...mapped].sort()).toEqual([...folders].sort());
    // Each folder says where its code runs and what it holds.
    for (const row of rows) {
      expect(row[1]).not.toBe("");
      expect(row[2]).not.toBe("");
    }
  });
});

type AnyStruct = Struct<unknown, unknown>;

/** Every field a content file fills, as a path: `hero.title`, `channels[].rate`, `contact.points[]`. */
function fieldPaths(struct: AnyStruct, prefix = ""): string[] {
  if (struct.type === "object") {
    return Object.entries(struct.schema as Record<string, AnyStruct>).flatMap(([key, field]) =>
      fieldPaths(field, prefix ? `${prefix}.${key}` : key),
    );
  }
  if (struct.type === "array") {
    const item = struct.schema as AnyStruct;
    return item.type === "object" ? fieldPaths(item, `${prefix}[]`) : [`${prefix}[]`];
  }
  return [prefix];
}

describe("docs/marketing.md", () => {
  const guide = read("docs/marketing.md");

  it.each(Object.keys(contentKinds) as ContentKind[])(
    "describes every field of content/%s/, and only those",
    (kind) => {
      const rows = tableUnder(guide, (line) => line.includes(`\`content/${kind}/`));
      const documented = rows.map((row) => codeSpan(row[0]) ?? "");
      expect(documented.length).toBe(new Set(documented).size);
      expect([...documented].sort()).toEqual(
        fieldPaths(contentKinds[kind].schema as AnyStruct).sort(),
      );
    },
  );
});

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");

const anchorsOf = (doc: string) =>
  new Set(
    doc
      .split("\n")
      .filter((line) => /^#+ /.test(line))
      .map((line) => anchorOf(line.replace(/^#+ /, ""))),
  );

describe("links between documents", () => {
  const documents = [
    "README.md",
    ...readdirSync(path.join(root, "docs"))
      .filter((name) => name.endsWith(".md"))
      .map((name) => `docs/${name}`),
  ];

  it.each(documents)("every relative link in %s points at a file and heading that exist", (doc) => {
    const text = read(doc);
    const broken: string[] = [];
    for (const [, target = ""] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target)) continue;
      const [file = "", anchor] = target.split("#");
      const resolved = file ? path.join(path.dirname(doc), file) : doc;
      if (!existsSync(path.join(root, resolved))) {
        broken.push(`${target}: no file ${resolved}`);
      } else if (anchor && resolved.endsWith(".md") && !anchorsOf(read(resolved)).has(anchor)) {
        broken.push(`${target}: no heading #${anchor} in ${resolved}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
