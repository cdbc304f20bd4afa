/** @jest-environment node */
import { commands } from "../../server/cli/commands";
import { postgresMigrations } from "../../server/leads/migrations-postgres";
import { sqliteMigrations } from "../../server/leads/migrations-sqlite";
import { codeSpan, read, tableUnder } from "../../../tests/docs/markdown";

// The commands the documents give are those the CLIs define: docs/leads.md's table of
// `npm run leads` (src/server/cli/commands.ts), docs/operations.md's `npm run site` lines (the
// usage of src/server/cli/site-cli.ts, which runs as soon as it is imported, so it is read as text).

test("docs/leads.md gives every command of npm run leads with its arguments, and no other", () => {
  const rows = tableUnder(read("docs/leads.md"), (line) => line === "## `npm run leads`");
  const documented = rows.map((row) => codeSpan(row.command) ?? "");
  const defined = Object.entries(commands).map(([name, { args }]) => `${name} ${args}`.trim());
  expect([...documented].sort()).toEqual([...defined].sort());
});

test("docs/leads.md's check and migrate give the schema versions the migrations reach", () => {
  const rows = tableUnder(read("docs/leads.md"), (line) => line === "## `npm run leads`");
  const said = (name: string) =>
    rows.find((row) => codeSpan(row.command) === name)?.["what it does and prints"] ?? "";
  const latest = (migrations: readonly { version: number }[]) =>
    Math.max(...migrations.map((migration) => migration.version));
  const [postgres, sqlite] = [latest(postgresMigrations), latest(sqliteMigrations)];
  expect(said("check")).toContain(`(${postgres} on PostgreSQL, ${sqlite} on SQLite)`);
  const applied = postgresMigrations.map((migration) => migration.version).join(", ");
  expect(said("migrate")).toContain(`Migration(s) appliquée(s) : ${applied}.`);
});

test("docs/operations.md gives every command of npm run site with its arguments, and no other", () => {
  const usage = [
    ...read("src/server/cli/site-cli.ts").matchAll(/^ {2}" {2}(\w+(?: \[?[A-Z]+\]?)?) {2,}/gm),
  ];
  const defined = usage.map((match) => match[1]!);
  expect(defined.length).toBeGreaterThan(1);
  const documented = [
    ...read("docs/operations.md").matchAll(/^npm run site -- (\w+(?: \[?[A-Z]+\]?)?)/gm),
  ];
  expect([...new Set(documented.map((match) => match[1]!))].sort()).toEqual(defined.sort());
});
