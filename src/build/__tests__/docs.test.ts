/** @jest-environment node */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { codeSpan, codeSpans, read, root, tableUnder } from "../../../tests/docs/markdown";

// The README and docs/ say what the code is; these tests fail when the two part: the README's
// scripts (name, command, what each runs), its code map (every folder, where it runs, the paths
// it names), the Node version, and every relative link. Marketing's field tables:
// docs-marketing.test.ts; routes: docs-routes.test.ts; the CLIs: docs-cli.test.ts.

const readme = read("README.md");
const git = (...args: string[]) =>
  execFileSync("git", args, { cwd: root, encoding: "utf8" }).split("\n").filter(Boolean);
const ignored = (file: string) => {
  try {
    return git("check-ignore", "--no-index", file).length > 0;
  } catch {
    return false; // git check-ignore exits 1 when the path is not ignored
  }
};
/** A code span that names a file or folder: `http/`, `serve.ts`, `src/types/` (not `/admin/`). */
const isPath = (span: string) =>
  !/[\s*<>…]/.test(span) && !span.startsWith("/") && /\/|\.[a-z]{1,4}$/.test(span);

describe("README.md", () => {
  const scripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts;
  const scriptRows = tableUnder(readme, (line) => line === "## Scripts").map((row) => {
    const command = codeSpan(row.script) ?? "";
    // `npm start`, `npm test`, `npm run leads -- <commande>`; `postinstall` alone
    const name = /^npm (?:run )?([\w:-]+)/.exec(command)?.[1] ?? command;
    return { command, name, does: row["what it does"] ?? "" };
  });

  it("lists every script of package.json in its scripts table, and no other", () => {
    const listed = scriptRows.map((row) => row.name);
    expect(listed.length).toBe(new Set(listed).size);
    expect([...listed].sort()).toEqual(Object.keys(scripts).sort());
  });

  it("writes each script's command as npm runs it", () => {
    for (const { command, name } of scriptRows) {
      const expected =
        name === "postinstall"
          ? "postinstall"
          : ["start", "test"].includes(name)
            ? `npm ${name}`
            : `npm run ${name}`;
      expect(command.replace(/ -- <[^>]+>$/, "")).toBe(expected);
    }
  });

  // What a description quotes of a command (`gatsby build`, `tsc -b`, `npm run build:server`) is
  // in the script, and a file it names is the script's or exists; a generated folder (`public/`)
  // is not checked, a generated file (`dist/server/serve.mjs`) must be the one the script runs.
  it.each(Object.keys(scripts))("says what `%s` runs", (name) => {
    const row = scriptRows.find((candidate) => candidate.name === name);
    expect(row).toBeDefined();
    const script = scripts[name]!;
    const problems: string[] = [];
    for (const span of codeSpans(row!.does)) {
      if (/^(npm|node|gatsby|tsc|tsx|jest|eslint|prettier|esbuild) /.test(span)) {
        if (!script.includes(span)) problems.push(`${span}: not in "${script}"`);
      } else if (isPath(span) && !script.includes(span)) {
        const generated = ignored(span);
        if (generated && !span.endsWith("/")) problems.push(`${span}: generated, not run here`);
        if (!generated && !existsSync(path.join(root, span))) problems.push(`${span}: no file`);
      }
    }
    expect(problems).toEqual([]);
  });

  const mapRows = tableUnder(readme, (line) => line === "## Code map").map((row) => ({
    folder: codeSpan(row.folder) ?? "",
    runs: row.runs ?? "",
    holds: row["what it holds"] ?? "",
  }));

  it("maps every top-level folder and every folder of src/ that git tracks, and nothing else", () => {
    const folders = new Set<string>();
    for (const file of git("ls-files")) {
      const parts = file.split("/");
      if (parts.length > 1) folders.add(`${parts[0]}/`);
      if (parts[0] === "src" && parts.length > 2) folders.add(`src/${parts[1]}/`);
    }
    const mapped = mapRows.map((row) => row.folder);
    expect(mapped.length).toBe(new Set(mapped).size);
    expect([...mapped].sort()).toEqual([...folders].sort());
    for (const row of mapRows) {
      expect(row.runs).not.toBe("");
      expect(row.holds).not.toBe("");
    }
  });

  // Where code runs is the TypeScript project that checks it (tsconfig.json's references).
  const places: Record<string, string> = {
    "tsconfig.browser.json": "browser",
    "tsconfig.build.json": "build",
    "tsconfig.server.json": "server",
    "tsconfig.shared.json": "anywhere",
    "tsconfig.tests.json": "tests",
  };
  const projectFolders = Object.keys(places).map((file) => {
    const { config } = ts.readConfigFile(path.join(root, file), ts.sys.readFile) as {
      config: { include: string[] };
    };
    return { place: places[file]!, folders: config.include.filter((entry) => !/[*.]/.test(entry)) };
  });

  it("says each folder runs where the TypeScript project that includes it runs", () => {
    const checked = mapRows.flatMap((row) => {
      const folder = row.folder.replace(/\/$/, "");
      const projects = projectFolders.filter(({ folders }) =>
        folders.some((entry) => folder === entry || folder.startsWith(`${entry}/`)),
      );
      return projects.map(({ place }) => [row.folder, place, row.runs.split(/[\s(]/)[0]]);
    });
    expect(checked.length).toBeGreaterThan(15);
    for (const [folder, place, said] of checked)
      expect({ folder, runs: said }).toEqual({ folder, runs: place });
  });

  it("names only files and folders that exist, beside the folder or from the root", () => {
    // What a build or a run writes (public/, dist/…) is git-ignored and absent from a fresh
    // clone until then: named as .gitignore names it, it is a folder of the project all the same.
    const madeByRuns = new Set(read(".gitignore").split("\n"));
    const missing = mapRows.flatMap(({ folder, holds }) =>
      codeSpans(holds)
        .filter(isPath)
        .filter((span) => !madeByRuns.has(span))
        .filter((span) => ![path.join(root, folder, span), path.join(root, span)].some(existsSync))
        .map((span) => `${folder}: ${span}`),
    );
    expect(missing).toEqual([]);
  });

  it.each(["src/server/", "src/api/", "tests/"])("names every folder of %s", (folder) => {
    const holds = mapRows.find((row) => row.folder === folder)?.holds ?? "";
    const subfolders = new Set(
      git("ls-files", folder)
        .map((file) => file.slice(folder.length).split("/"))
        .filter((parts) => parts.length > 1 && parts[0] !== "__tests__")
        .map((parts) => `${parts[0]}/`),
    );
    expect([...subfolders].filter((sub) => !codeSpans(holds).includes(sub))).toEqual([]);
  });
});

describe("the Node version", () => {
  const floor = /^>=(\d+)$/.exec(
    (JSON.parse(read("package.json")) as { engines: { node: string } }).engines.node,
  )?.[1];

  it("is one, in package.json's engines, .nvmrc and the README", () => {
    expect(floor).toBeDefined();
    expect(read(".nvmrc").trim()).toBe(floor);
    expect(readme).toContain(`Node ${floor} LTS`);
  });

  it.each(["README.md", ...readdirSync(path.join(root, "docs")).map((name) => `docs/${name}`)])(
    "is the only one %s names",
    (doc) => {
      const named = [...read(doc).matchAll(/\bNode(?:\.js)? (\d+)/g)].map((match) => match[1]);
      expect(named.filter((version) => version !== floor)).toEqual([]);
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
