/** @jest-environment node */
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildAdmin } from "../admin-bundle";

// public/admin/ built twice into the same folder, as a warm build does: what is unchanged is left
// untouched, so that its Brotli and gzip copies of the last build still count as fresh.

let publicDir: string;
const admin = (file: string) => join(publicDir, "admin", file);
const longAgo = new Date("2020-01-01T00:00:00Z");

beforeAll(async () => {
  publicDir = mkdtempSync(join(tmpdir(), "admin-bundle-"));
  await buildAdmin(publicDir, {});
}, 60_000);

afterAll(() => rmSync(publicDir, { recursive: true, force: true }));

it("writes Decap's bundle, the site's part and the admin's page", () => {
  expect(readFileSync(admin("index.html"), "utf8")).toContain('<script src="decap-cms.js">');
  expect(statSync(admin("decap-cms.js")).size).toBeGreaterThan(1_000_000);
  expect(readFileSync(admin("admin.js"), "utf8")).toContain("registerPreviewTemplate");
});

it("leaves an unchanged file as it was, rewrites a changed one, removes a stale one", async () => {
  for (const file of ["decap-cms.js", "admin.js", "index.html"])
    utimesSync(admin(file), longAgo, longAgo);
  const published = readFileSync(admin("admin.js"));
  writeFileSync(admin("index.html"), "<!doctype html><title>ancienne page</title>");
  utimesSync(admin("index.html"), longAgo, longAgo);
  // A chunk of an older Decap, with the copies the last build compressed.
  for (const file of ["999.decap-cms.js", "999.decap-cms.js.br", "999.decap-cms.js.gz"]) {
    writeFileSync(admin(file), "old");
  }

  await buildAdmin(publicDir, {});

  expect(statSync(admin("decap-cms.js")).mtime).toEqual(longAgo);
  expect(statSync(admin("admin.js")).mtime).toEqual(longAgo);
  expect(readFileSync(admin("admin.js"))).toEqual(published);
  expect(statSync(admin("index.html")).mtime.getTime()).toBeGreaterThan(longAgo.getTime());
  expect(readFileSync(admin("index.html"), "utf8")).toContain("Administration du contenu");
  expect(existsSync(admin("999.decap-cms.js"))).toBe(false);
  expect(existsSync(admin("999.decap-cms.js.br"))).toBe(false);
  expect(existsSync(admin("999.decap-cms.js.gz"))).toBe(false);
}, 60_000);
