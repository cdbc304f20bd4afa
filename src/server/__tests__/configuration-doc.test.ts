/** @jest-environment node */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { serverVariables } from "../config";
import { functionsHostVariables } from "../leads/host";

// docs/configuration.md lists every environment variable the code reads, and none it does not:
// the server's (src/server/config.ts, the only server module that reads the environment), the
// functions hosts' (src/server/leads/host.ts), and those the build and the admin read, found in
// their source.

const root = resolve(__dirname, "../../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|js|mjs)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !/__tests__|test-utils/.test(file));
}

const files = [
  ...sourceFiles(join(root, "src")),
  ...readdirSync(root)
    .filter((name) => /^gatsby-.*\.(ts|tsx|js)$/.test(name))
    .map((name) => join(root, name)),
];

/** `process.env.NAME`, `env.NAME`, `env["NAME"]`, in one file. */
function variablesReadIn(text: string): string[] {
  const names = [
    ...text.matchAll(/(?:process\.env|\benv)\.([A-Z][A-Z0-9_]*)/g),
    ...text.matchAll(/\benv\[["']([A-Z][A-Z0-9_]*)["']\]/g),
  ].map((match) => match[1]!);
  return names;
}

const read = new Set([
  ...serverVariables,
  ...functionsHostVariables,
  ...files.flatMap((file) => variablesReadIn(readFileSync(file, "utf8"))),
]);

const doc = readFileSync(join(root, "docs/configuration.md"), "utf8");
/** The first cell of each table row: `| \`NAME\` | …`. */
const documented = new Set([...doc.matchAll(/^\| `([A-Z][A-Z0-9_]*)` +\|/gm)].map((m) => m[1]!));

test("every variable the code reads is in docs/configuration.md", () => {
  expect([...read].filter((name) => !documented.has(name)).sort()).toEqual([]);
});

test("every variable docs/configuration.md lists is read by the code", () => {
  expect([...documented].filter((name) => !read.has(name)).sort()).toEqual([]);
});

test("no server module but src/server/config.ts reads the environment", () => {
  const readers = files
    .filter((file) => /src\/(server|api)\//.test(file))
    .filter((file) => /process\.env/.test(readFileSync(file, "utf8").replace(/\/\/.*$/gm, "")))
    .map((file) => relative(root, file));
  expect(readers).toEqual(["src/server/config.ts"]);
});

test("the scan finds what it looks for", () => {
  expect(variablesReadIn('x = process.env.SITE_URL; y = env.CMS_REPO; z = env["NETLIFY"]')).toEqual(
    ["SITE_URL", "CMS_REPO", "NETLIFY"],
  );
  expect(documented.size).toBeGreaterThan(25);
});
