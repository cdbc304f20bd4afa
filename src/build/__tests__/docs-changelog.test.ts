/** @jest-environment node */
import { readFileSync } from "node:fs";
import path from "node:path";

// CHANGELOG.md tells an operator what the version they install changed and asks of them: its
// newest entry is the version package.json gives.

const root = path.join(__dirname, "..", "..", "..");

test("CHANGELOG.md's newest version is package.json's", () => {
  const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
    version: string;
  };
  const changelog = readFileSync(path.join(root, "CHANGELOG.md"), "utf8");
  const newest = /^## (\S+)/m.exec(changelog)?.[1];
  expect(newest).toBe(version);
});
