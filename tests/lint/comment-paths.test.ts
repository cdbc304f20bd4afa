/**
 * @jest-environment node
 */
// Comments cite files of the repository (README, « Conventions »), and a citation outlives the
// file it names when nobody is told: every path a comment names must exist. A path with a folder
// is looked up from the commenting file's folder, each folder above it, the repository's root and
// node_modules/ (a package's file); a bare file name (`deploy.ts`) anywhere in the repository.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const root = path.join(__dirname, "..", "..");

/** The repository's files as they are now: tracked or new, not ignored, not deleted. */
const files = execFileSync(
  "git",
  ["ls-files", "-z", "--cached", "--others", "--exclude-standard"],
  {
    cwd: root,
    encoding: "utf8",
  },
)
  .split("\0")
  .filter((file) => file && existsSync(path.join(root, file)));
const sources = files.filter(
  (file) => /\.(?:[cm]?js|tsx?)$/.test(file) && file !== "src/gatsby-types.d.ts",
);
const basenames = new Set(files.map((file) => path.basename(file)));

/** The comments of a source file, where the parser puts them (not a `//` inside a string). */
function commentsOf(file: string): string[] {
  const text = readFileSync(path.join(root, file), "utf8");
  const kind = file.endsWith("x")
    ? ts.ScriptKind.TSX
    : file.endsWith("ts")
      ? ts.ScriptKind.TS
      : ts.ScriptKind.JS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const found = new Map<number, string>();
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) found.set(range.pos, text.slice(range.pos, range.end));
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.getFullStart()));
    collect(ts.getTrailingCommentRanges(text, node.getEnd()));
    node.forEachChild(visit);
  };
  visit(source);
  collect(ts.getLeadingCommentRanges(text, source.endOfFileToken.getFullStart()));
  return [...found.values()];
}

// A file name with one of our extensions, alone or after folders; not part of a URL, an
// @-scoped name or a longer word.
const cited =
  /(?<![\w@/.:$-])((?:\.{1,2}\/)?(?:[\w.-]+\/)*[\w-]+(?:\.[\w-]+)*\.(?:tsx?|[cm]?js|json|md|css|sql|sh))(?![\w/])/g;
/** A bare name is looked for among the repository's sources only (not `decap-cms.js`, a package's). */
const sourceName = /\.(?:tsx?|mjs|cjs)$/;
/** A placeholder for a name the reader chooses (`FICHIER.json`), or an example's (`./x.js`). */
const placeholder = /^[A-Z][A-Z_]*\.\w+$|(?:^|\/)[a-z](?:\.[\w-]+)+$/;
/** Folders named for what they hold at run time, not in the repository. */
const notInRepository = /^(?:public|\.cache|dist|data|bench-results|[A-Z][A-Z_]+)\//;

/** Whether `cite`, read in `file`'s comments, names something that exists. */
function exists(file: string, cite: string): boolean {
  if (!cite.includes("/")) return !sourceName.test(cite) || basenames.has(cite);
  if (notInRepository.test(cite)) return true;
  // TypeScript's way: an import of `x.js` finds `x.ts` or `x.d.ts`.
  const candidates = cite.endsWith(".js")
    ? [cite, cite.replace(/\.js$/, ".ts"), cite.replace(/\.js$/, ".d.ts")]
    : [cite];
  const folders = [];
  for (let folder = path.dirname(file); folder !== "."; folder = path.dirname(folder)) {
    folders.push(folder);
  }
  return [...folders, ".", "node_modules"].some((folder) =>
    candidates.some((candidate) => existsSync(path.join(root, folder, candidate))),
  );
}

test("every path a comment names exists", () => {
  const missing = sources.flatMap((file) =>
    commentsOf(file).flatMap((comment) =>
      [...comment.matchAll(cited)]
        .map((match) => match[1]!)
        .filter((cite) => !placeholder.test(cite) && !exists(file, cite))
        .map((cite) => `${file}: ${cite}`),
    ),
  );
  expect(missing).toEqual([]);
});

test("the check finds a stale path, and lets a real one pass", () => {
  expect(exists("src/server/deploy/deploy.ts", "src/server/spam/gone-away.ts")).toBe(false);
  expect(exists("src/server/deploy/deploy.ts", "gone-away.ts")).toBe(false);
  expect(exists("src/server/deploy/deploy.ts", "sandbox.ts")).toBe(true);
  expect(exists("src/server/deploy/deploy.ts", "../http/serve.ts")).toBe(true);
  expect(exists("src/server/deploy/deploy.ts", "http/serve.ts")).toBe(true);
  expect(exists("src/server/deploy/deploy.ts", "docs/operations.md")).toBe(true);
});
