/**
 * @jest-environment node
 */
// The boundaries that eslint.config.mjs still holds (the type checker holds the others:
// tests/lint/runtime-split.test.ts), tried on small files placed where real code lives: each
// crossing must fail `npm run lint` with the rule that holds it, and the allowed forms must not.
import { execFileSync } from "node:child_process";
import path from "node:path";

type Case = [filePath: string, code: string, rule: string];

/**
 * The rules that report errors on each snippet as if it were the file at its path, from ESLint's
 * Node API in one child process (tests/lint/lint-text.mjs) for all of them.
 */
function failedRules(snippets: { filePath: string; code: string }[]): string[][] {
  const output = execFileSync(process.execPath, [path.join(__dirname, "lint-text.mjs")], {
    input: JSON.stringify(snippets),
    encoding: "utf8",
  });
  return JSON.parse(output) as string[][];
}

const imports = "no-restricted-imports";
const globals = "no-restricted-globals";
const syntax = "no-restricted-syntax";

// What webpack inlines is a form of writing, which a type cannot tell apart.
const browserCrossings: Case[] = [
  ["src/lib/probe.ts", "export const dir = process.cwd();", syntax],
  ["src/lib/probe.ts", "export const running = process;", syntax],
  ["src/lib/probe.ts", "export const secret = process.env.SMTP_PASSWORD;", syntax],
  ["src/lib/probe.ts", "export const env = process.env;", syntax],
  ["src/lib/probe.ts", 'export const url = process.env["GATSBY_API_URL"];', syntax],
  ["src/hooks/use-probe.ts", "export const { GATSBY_API_URL } = process.env;", syntax],
];

// React's types resolve everywhere; @types/node declares Web Storage, which Node 24 lacks.
const nodeCrossings: Case[] = [
  ["src/server/probe.ts", 'import React from "react";', imports],
  ["src/api/probe.ts", 'import { renderToString } from "react-dom/server";', imports],
  ["gatsby-node.ts", 'import { jsx } from "react/jsx-runtime";', imports],
  ["src/server/probe.ts", 'export const saved = localStorage.getItem("x");', globals],
  ["src/build/probe.ts", "export const session = sessionStorage.length;", globals],
];

const sharedCrossings: Case[] = [
  ["src/shared/probe.ts", 'import React from "react";', imports],
  ["src/shared/probe.ts", 'import { graphql } from "gatsby";', imports],
  ["src/cms/settings.ts", 'import { Link } from "gatsby-link";', imports],
];

const browserAllowed = [
  "export const url = process.env.GATSBY_API_URL;",
  'export const production = process.env.NODE_ENV === "production";',
  "export const width = window.innerWidth + document.title.length;",
  'export const styles = { process: "x" };',
].join("\n");

const nodeAllowed = [
  'import { readFileSync } from "node:fs";',
  'import { siteUrl } from "../shared/site-url";',
  'import { cmsSettings } from "../cms/settings";',
  "export const all = [readFileSync, siteUrl, cmsSettings, process.env.PORT, Buffer, navigator];",
].join("\n");

const sharedAllowed = [
  'import { object } from "superstruct";',
  'import { formatNumber } from "./format";',
  "export const all = [object, formatNumber, new URL('https://example.org')];",
].join("\n");

// 301 lines: one over the limit of a source file, which tests may pass.
const longFile = Array.from(
  { length: 301 },
  (_, line) => `export const line${line} = ${line};`,
).join("\n");
const sizes: [filePath: string, failed: string[]][] = [
  ["src/server/probe.ts", ["max-lines"]],
  ["bench/probe.mjs", ["max-lines"]],
  ["src/server/__tests__/probe.test.ts", []],
  ["tests/deploy/probe.test.ts", []],
  ["e2e/probe.mjs", []],
];

const snippets = [
  ...sizes.map(([filePath]) => ({ filePath, code: longFile })),
  ...[...browserCrossings, ...nodeCrossings, ...sharedCrossings].map(([filePath, code]) => ({
    filePath,
    code,
  })),
  { filePath: "src/lib/probe.ts", code: browserAllowed },
  { filePath: "src/build/probe.ts", code: nodeAllowed },
  { filePath: "src/shared/probe.ts", code: sharedAllowed },
];
let results: string[][] = [];
beforeAll(() => {
  results = failedRules(snippets);
});

/** The rules that failed on `code` at `filePath`. */
function errors(filePath: string, code: string): string[] {
  const index = snippets.findIndex((s) => s.filePath === filePath && s.code === code);
  return results[index] ?? ["not linted"];
}

describe("browser code (pages, templates, components, features, hooks, lib, islands, cms)", () => {
  it.each(browserCrossings)("%s: `%s` fails %s", (file, code, rule) => {
    expect(errors(file, code)).toContain(rule);
  });

  it("may read the settings webpack inlines at build time, and the browser's own globals", () => {
    expect(errors("src/lib/probe.ts", browserAllowed)).toEqual([]);
  });
});

describe("Node code (src/build, src/server, src/api, gatsby-node.ts, gatsby-config.ts)", () => {
  it.each(nodeCrossings)("%s: `%s` fails %s", (file, code, rule) => {
    expect(errors(file, code)).toContain(rule);
  });

  it("may import Node's modules, src/shared/ and the admin's settings, and read process.env", () => {
    expect(errors("src/build/probe.ts", nodeAllowed)).toEqual([]);
  });
});

describe("code that runs anywhere (src/shared/)", () => {
  it.each(sharedCrossings)("%s: `%s` fails %s", (file, code, rule) => {
    expect(errors(file, code)).toContain(rule);
  });

  it("may import its own files and a library that runs anywhere", () => {
    expect(errors("src/shared/probe.ts", sharedAllowed)).toEqual([]);
  });
});

describe("the size of a file", () => {
  it.each(sizes)("%s of 301 lines fails %j", (file, failed) => {
    expect(errors(file, longFile)).toEqual(failed);
  });
});
