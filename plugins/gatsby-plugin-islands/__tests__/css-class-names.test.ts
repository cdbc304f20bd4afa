/**
 * @jest-environment node
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { cssClassName, cssModuleExports, getLocalIdent } from "../css-class-names";

// Gatsby's css-loader (getLocalIdent) and the islands' build (cssModuleExports) must name every
// class alike: an island hydrates HTML whose classes Gatsby wrote. tests/build/static-html.test.ts
// checks the same on the built site.

const file = path.resolve("src/components/example/example.module.css");

it("exports each local class under its camel-cased name, as css-loader's dashesOnly does", async () => {
  const css = `.field { color: red }
.nav-open .field { color: blue }
.container :global(.Toastify__toast) { margin: 0 }
@keyframes spin { to { transform: rotate(1turn) } }
.spinner { animation: spin 1s }`;
  const names = await cssModuleExports(file, css);
  expect([...names.keys()].sort()).toEqual(["container", "field", "navOpen", "spin", "spinner"]);
  expect(names.get("navOpen")).toBe(cssClassName(file, "nav-open"));
  expect(names.get("field")).toBe(getLocalIdent({ resourcePath: file }, "[hash]", "field"));
});

it("gives six letters, the same for the same file and class, another for another file", () => {
  const name = cssClassName(file, "field");
  expect(name).toMatch(/^[a-zA-Z]{6}$/);
  expect(cssClassName(file, "field")).toBe(name);
  expect(cssClassName(path.resolve("src/components/other/example.module.css"), "field")).not.toBe(
    name,
  );
});

it("names no two classes of the site's CSS Modules alike", async () => {
  const modules = readdirSync("src", { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".module.css"))
    .map((name) => path.resolve("src", name));
  expect(modules.length).toBeGreaterThanOrEqual(20);
  const all: string[] = [];
  for (const module of modules) {
    all.push(...(await cssModuleExports(module, readFileSync(module, "utf8"))).values());
  }
  expect(all.length).toBeGreaterThan(100);
  expect(new Set(all).size).toBe(all.length);
});
