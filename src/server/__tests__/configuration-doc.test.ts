/** @jest-environment node */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { readServerConfig, secretVariables, serverVariables } from "../config";
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

/** `process.env.NAME`, `env.NAME`, `env["NAME"]`, in one file (not a pattern: `env.GATSBY_*`). */
function variablesReadIn(text: string): string[] {
  const names = [
    ...text.matchAll(/(?:process\.env|\benv)\.([A-Z][A-Z0-9_]*)(?![*\w])/g),
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
  expect(
    variablesReadIn('x = process.env.SITE_URL; y = env.CMS_REPO; z = env["NETLIFY"]; env.GATSBY_*'),
  ).toEqual(["SITE_URL", "CMS_REPO", "NETLIFY"]);
  expect(documented.size).toBeGreaterThan(25);
});

/** Each table of the doc as records keyed by its header: `{ variable, default, secret, … }`. */
function tables(text: string): Record<string, string>[][] {
  const found: Record<string, string>[][] = [];
  const cellsOf = (line: string) =>
    line
      .replace(/^\||\|$/g, "")
      .split("|")
      .map((cell) => cell.trim());
  const lines = text.split("\n");
  for (let index = 0; index < lines.length; index++) {
    if (!lines[index]!.startsWith("|") || lines[index - 1]?.startsWith("|")) continue;
    const header = cellsOf(lines[index]!);
    const rows: Record<string, string>[] = [];
    for (let row = index + 2; lines[row]?.startsWith("|"); row++) {
      const cells = cellsOf(lines[row]!);
      rows.push(Object.fromEntries(header.map((name, column) => [name, cells[column] ?? ""])));
    }
    found.push(rows);
  }
  return found;
}

/** The rows of the tables that say whether a variable is secret: those the server reads. */
const serverRows = tables(doc)
  .filter((rows) => rows[0] && "secret" in rows[0])
  .flat()
  .map((row) => ({
    name: /^`([A-Z0-9_]+)`$/.exec(row.variable ?? "")?.[1] ?? "",
    default: row.default ?? "",
    secret: row.secret ?? "",
  }));

describe("the tables of the variables the server reads", () => {
  it("list each of them, and only them", () => {
    expect([...new Set(serverRows.map((row) => row.name))].sort()).toEqual(
      [...serverVariables].sort(),
    );
  });

  it("mark as secret exactly the variables whose values a message never shows", () => {
    const marked = serverRows.filter((row) => row.secret === "yes").map((row) => row.name);
    expect(marked.sort()).toEqual([...secretVariables].sort());
    expect(serverRows.every((row) => row.secret === "yes" || row.secret === "")).toBe(true);
  });

  // Every feature on, so that every default shows in the settings.
  const everythingOn = {
    DEPLOY_GIT_URL: "/srv/git/site.git",
    DEPLOY_WEBHOOK_SECRET: "0123456789abcdef",
    CMS_REPO: "acme/site",
    CMS_GITHUB_CLIENT_ID: "Iv1.id",
    CMS_GITHUB_CLIENT_SECRET: "secret",
    SMTP_URL: "smtp://127.0.0.1:2525",
    QUOTE_NOTIFY_TO: "ventes@example.fr",
    QUOTE_MAIL_FROM: "site@example.fr",
  };

  /** The settings, but for the environment a deploy's build is given, which copies it whole. */
  const settings = (env: Record<string, string>) => {
    const config = readServerConfig(env);
    return { ...config, deploy: { ...config.deploy, buildEnv: undefined } };
  };

  it.each(serverRows.filter((row) => row.default?.startsWith("`")).map((row) => row.name))(
    "give %s the value the server takes when it is unset",
    (name) => {
      const stated = /^`([^`]*)`$/.exec(serverRows.find((row) => row.name === name)!.default!);
      expect(stated).not.toBeNull();
      expect(settings({ ...everythingOn, [name]: stated![1] })).toEqual(settings(everythingOn));
    },
  );

  it("say what happens when a variable without a default is unset", () => {
    const others = serverRows.filter((row) => !row.default?.startsWith("`"));
    expect(others.length).toBeGreaterThan(5);
    for (const row of others) expect(row.default).toMatch(/^_\(unset[:)]/);
  });
});
