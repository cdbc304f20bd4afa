import { readFileSync } from "node:fs";
import path from "node:path";

// Reading the README and docs/ as the tests that hold them to the code need: tables by their
// heading, cells by their column's name, code spans.

export const root = path.resolve(__dirname, "../..");
export const read = (relativePath: string) => readFileSync(path.join(root, relativePath), "utf8");

const cellsOf = (line: string) =>
  line
    .replace(/^\||\|$/g, "")
    .split("|")
    .map((cell) => cell.trim());

/**
 * The body rows of the first table under the first heading line that matches, each keyed by its
 * column's header: `{ script: "`npm start`", "what it does": "…" }`.
 */
export function tableUnder(
  doc: string,
  heading: (line: string) => boolean,
): Record<string, string>[] {
  const lines = doc.split("\n");
  const start = lines.findIndex((line) => line.startsWith("#") && heading(line));
  const first = lines.findIndex((line, index) => index > start && line.startsWith("|"));
  const nextHeading = lines.findIndex((line, index) => index > start && line.startsWith("#"));
  if (start === -1 || first === -1 || (nextHeading !== -1 && nextHeading < first)) return [];
  const end = lines.findIndex((line, index) => index > first && !line.startsWith("|"));
  const header = cellsOf(lines[first]!);
  return lines.slice(first + 2, end === -1 ? undefined : end).map((line) => {
    const cells = cellsOf(line);
    return Object.fromEntries(header.map((name, column) => [name, cells[column] ?? ""]));
  });
}

/** A cell's first code span, without its backticks. */
export const codeSpan = (cell: string | undefined) => /`([^`]+)`/.exec(cell ?? "")?.[1];

/** Every code span of a cell, without backticks. */
export const codeSpans = (cell: string | undefined) =>
  [...(cell ?? "").matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
