/**
 * @jest-environment node
 */
// The boundaries of eslint.config.mjs, tried on small files placed where real code lives: each
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

const browserCrossings: Case[] = [
  ["src/components/probe/probe.tsx", 'import { readFileSync } from "node:fs";', imports],
  ["src/components/probe/probe.tsx", 'import path from "path";', imports],
  ["src/hooks/use-probe.ts", 'import { createHash } from "crypto";', imports],
  ["src/lib/probe.ts", 'import { createQuoteEndpoint } from "../server/quote-endpoint";', imports],
  ["src/features/quote-form/probe.ts", 'import { x } from "../../build/webpack";', imports],
  ["gatsby-browser.tsx", 'import { x } from "./src/server/one-line";', imports],
  ["gatsby-ssr.tsx", 'import { x } from "./src/build/finish-pages";', imports],
  ["src/cms/probe.tsx", 'import { x } from "../api/contact";', imports],
  ["src/pages/probe.tsx", "export const here = __dirname;", globals],
  ["src/templates/probe.tsx", 'export const bytes = Buffer.from("x");', globals],
  ["src/start-up/probe.ts", 'export const fs = require("node:fs");', globals],
  ["src/lib/probe.ts", "setImmediate(() => undefined);", globals],
  ["src/lib/probe.ts", "export const root = global;", globals],
  ["src/lib/probe.ts", "export const dir = process.cwd();", syntax],
  ["src/lib/probe.ts", "export const secret = process.env.SMTP_PASSWORD;", syntax],
  ["src/lib/probe.ts", "export const env = process.env;", syntax],
  ["src/lib/probe.ts", 'export const url = process.env["GATSBY_API_URL"];', syntax],
];

const nodeCrossings: Case[] = [
  ["src/server/probe.ts", 'import React from "react";', imports],
  ["src/api/probe.ts", 'import { renderToString } from "react-dom/server";', imports],
  [
    "src/server/http/probe.ts",
    'import { x } from "../../features/quote-form/quote-form";',
    imports,
  ],
  ["src/server/delivery/probe.ts", 'import { x } from "../../lib/api-client";', imports],
  ["src/build/probe.ts", 'import Layout from "../components/layout/layout";', imports],
  ["src/build/probe.ts", 'import { x } from "../start-up/first-load";', imports],
  ["gatsby-node.ts", 'import { x } from "./src/hooks/use-figures";', imports],
  ["src/server/probe.ts", "export const width = window.innerWidth;", globals],
  ["src/server/probe.ts", "export const title = document.title;", globals],
  ["src/server/probe.ts", "export const agent = navigator.userAgent;", globals],
  ["src/server/probe.ts", 'export const saved = localStorage.getItem("x");', globals],
  ["src/api/probe.ts", "export const where = location.href;", globals],
  [
    "src/build/probe.ts",
    "export const isElement = (x: unknown) => x instanceof HTMLElement;",
    globals,
  ],
];

const sharedCrossings: Case[] = [
  ["src/shared/probe.ts", 'import React from "react";', imports],
  ["src/shared/probe.ts", 'import { graphql } from "gatsby";', imports],
  ["src/shared/probe.ts", 'import path from "node:path";', imports],
  ["src/shared/content-model/probe.ts", 'import { x } from "../../server/one-line";', imports],
  ["src/shared/content-model/probe.ts", 'import { x } from "../../build/schema";', imports],
  [
    "src/shared/quote-request/probe.ts",
    'import { x } from "../../features/quote-form/x";',
    imports,
  ],
  ["src/shared/probe.ts", 'import { x } from "../lib/api-client";', imports],
  ["src/shared/probe.ts", "export const width = window.innerWidth;", globals],
  ["src/shared/probe.ts", 'export const bytes = Buffer.from("x");', globals],
  ["src/shared/probe.ts", "export const url = process.env.GATSBY_API_URL;", syntax],
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
  "export const all = [readFileSync, siteUrl, cmsSettings, process.env.PORT, Buffer];",
].join("\n");

const sharedAllowed = [
  'import { object } from "superstruct";',
  'import { formatNumber } from "./format";',
  "export const all = [object, formatNumber, new URL('https://example.org'), setTimeout];",
].join("\n");

const snippets = [
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

describe("browser code (pages, templates, components, features, hooks, lib, start-up, cms)", () => {
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
