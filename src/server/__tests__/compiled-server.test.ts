/** @jest-environment node */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { compiledServer } from "../../test-utils/compiled-server";

// Production runs compiled JavaScript: the npm scripts people run start Node on dist/server/
// (compiled by jest's globalSetup, as by `npm run build`), and nothing there loads TypeScript.

const root = join(__dirname, "../../..");
const { scripts } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
};

test.each(Object.entries(compiledServer))(
  "npm run %s starts node on its compiled file, with no loader",
  (name, file) => {
    expect(scripts[name]).toBe(`node --enable-source-maps dist/server/${name}.mjs`);
    const code = readFileSync(file, "utf8");
    // Every import is a package or Node's own: no TypeScript source, no loader.
    const imported = [...code.matchAll(/(?:^|\n)import\s[^;]*?from\s*"([^"]+)"/g)].map((m) => m[1]);
    expect(imported.length).toBeGreaterThan(0);
    expect(imported.filter((specifier) => /^(\.|\/)|\.tsx?$|^tsx/.test(specifier!))).toEqual([]);
  },
);

test("the compiled CLI answers in French, run as npm runs it", () => {
  const result = spawnSync("npm", ["run", "--silent", "leads", "--", "aide-inconnue"], {
    cwd: root,
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(result.status).toBe(2);
  expect(result.stdout).toContain("Usage : npm run leads -- <commande>");
});
