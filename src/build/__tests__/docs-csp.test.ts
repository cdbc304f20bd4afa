/** @jest-environment node */
import { readFileSync } from "node:fs";
import path from "node:path";
import { sitePolicy } from "../security-headers";

// docs/operations.md lists the site's CSP directive by directive, with the reason for each: the
// list must say what the build writes, no more, no less.

const doc = readFileSync(path.resolve(__dirname, "../../../docs/operations.md"), "utf8");

/** The bulleted list that follows "The site's CSP" in docs/operations.md. */
function docCspList(): string[] {
  const start = doc.indexOf("The site's CSP, directive by directive");
  expect(start).toBeGreaterThan(-1);
  const lines = doc.slice(start).split("\n");
  const first = lines.findIndex((line) => line.startsWith("- "));
  const end = lines.findIndex((line, index) => index > first && line.trim() === "");
  return lines
    .slice(first, end)
    .join("\n")
    .split(/\n- /)
    .map((item) => item.replace(/^- /, ""));
}

/** Each item's first code span: one directive and its sources, as the header writes them. */
function directivesOf(items: string[]): Record<string, string> {
  return Object.fromEntries(
    items.map((item) => {
      const [name = "", ...sources] = (/^`([^`]+)`/.exec(item)?.[1] ?? "").split(" ");
      return [name, sources.join(" ")];
    }),
  );
}

/** The policy the build writes, with no inline script and no API on another host. */
function policyDirectives(policy: string): Record<string, string> {
  return Object.fromEntries(
    policy.split("; ").map((directive) => {
      const [name = "", ...sources] = directive.split(" ");
      return [name, sources.join(" ")];
    }),
  );
}

it("lists every directive of the site's CSP with the sources the build gives it", () => {
  const items = docCspList();
  expect(items.length).toBeGreaterThan(5);
  expect(directivesOf(items)).toEqual(policyDirectives(sitePolicy({ scriptHashes: [] })));
});

it("says what the build adds to the fixed sources: script hashes and the API origin", () => {
  const withExtras = policyDirectives(
    sitePolicy({ scriptHashes: ["'sha256-abc'"], apiOrigin: "https://api.example.fr" }),
  );
  expect(withExtras["script-src"]).toBe("'self' 'sha256-abc'");
  expect(withExtras["connect-src"]).toBe("'self' https://api.example.fr");
  const items = docCspList();
  expect(items.find((item) => item.startsWith("`script-src"))).toMatch(/SHA-256 hash/);
  expect(items.find((item) => item.startsWith("`connect-src"))).toMatch(/API origin/);
});
