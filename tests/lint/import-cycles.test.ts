/**
 * @jest-environment node
 */
// No module imports itself through others. A cycle ties its modules together: none of them can
// be read, tested or moved alone, and at run time one of them sees the other half-initialised. A
// type-only import counts too: it ties the modules as much, even though it leaves no code.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import ts from "typescript";

const root = path.resolve(__dirname, "../..");

/** Where the repository's own modules are (what tsconfig.json's projects check). */
const folders = ["src", "tests", "e2e", "bench", "load", "__mocks__"];
const rootFiles = /^(?:gatsby-.*\.tsx?|jest\.setup\.ts)$/;
const moduleFile = /\.(?:tsx?|mts|cts|jsx?|mjs|cjs)$/;

const options: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowJs: true,
  allowImportingTsExtensions: true,
  resolveJsonModule: true,
};

function modulesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter(
      (entry) => entry.isFile() && moduleFile.test(entry.name) && !/\.d\.[mc]?ts$/.test(entry.name),
    )
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.split(path.sep).includes("node_modules"));
}

/** Each module's imports of the repository's own modules (relative specifiers), by path. */
function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets = importedFiles
      .filter(({ fileName }) => fileName.startsWith("."))
      .map(({ fileName }) => ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule)
      .filter((resolved) => resolved !== undefined && !resolved.isExternalLibraryImport)
      .map((resolved) => path.resolve(resolved!.resolvedFileName));
    graph.set(path.resolve(file), [...new Set(targets)]);
  }
  return graph;
}

/**
 * One cycle for each group of modules that reach each other (Tarjan's strongly connected
 * components), as the shortest path from the group's first module back to itself.
 */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group = stack.splice(stack.indexOf(node));
      const loops = group.length === 1 && (graph.get(node) ?? []).includes(node);
      if (group.length > 1 || loops) groups.push(group);
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);

  return groups.map((group) => {
    const members = new Set(group);
    const [start] = [...group].sort();
    const previous = new Map<string, string>();
    const queue = [start!];
    while (queue.length > 0) {
      const node = queue.shift()!;
      const next = (graph.get(node) ?? []).filter((n) => members.has(n));
      if (next.includes(start!)) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0]!)!);
        return [...path, start!];
      }
      for (const n of next) {
        if (n !== start && !previous.has(n)) {
          previous.set(n, node);
          queue.push(n);
        }
      }
    }
    return group;
  });
}

const shown = (cycle: string[], from: string) =>
  cycle.map((file) => path.relative(from, file)).join(" → ");

it("no module of the repository imports itself through others", () => {
  const files = [
    ...folders.flatMap((folder) => modulesUnder(path.join(root, folder))),
    ...readdirSync(root)
      .filter((name) => rootFiles.test(name))
      .map((name) => path.join(root, name)),
  ];
  expect(files.length).toBeGreaterThan(100);
  expect(cycles(importGraph(files)).map((cycle) => shown(cycle, root))).toEqual([]);
});

it("finds a cycle, type-only imports included, and leaves a chain without one alone", () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), "import-cycles-"));
  try {
    const write = (name: string, code: string) => {
      mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
      writeFileSync(path.join(folder, name), code);
    };
    write(
      "commands.ts",
      'import { erase } from "./cli/personal-data";\nexport const all = [erase];\n',
    );
    write(
      "cli/personal-data.ts",
      'import type { Command } from "../commands";\nexport const erase = 1;\n',
    );
    write("chain-a.ts", 'import { b } from "./chain-b";\nexport const a = b;\n');
    write("chain-b.ts", "export const b = 1;\n");
    const files = ["commands.ts", "cli/personal-data.ts", "chain-a.ts", "chain-b.ts"];
    const found = cycles(importGraph(files.map((name) => path.join(folder, name))));
    expect(found.map((cycle) => shown(cycle, folder))).toEqual([
      "cli/personal-data.ts → commands.ts → cli/personal-data.ts",
    ]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
