/** @jest-environment node */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readContentSource } from "../content-source";
import { parseFrontmatter } from "../frontmatter";
import { readScheduledFiles } from "../schedule";

// The server reads the live release's content/ in its own process (the acknowledgement email, the
// schedule): a frontmatter written as JavaScript must never run there.

const evaluated = "__frontmatterEvaluated";
const hostile = `---js\n{ name: (globalThis.${evaluated} = true, "Régie") }\n---\nTexte\n`;
const globals = globalThis as Record<string, unknown>;

afterEach(() => {
  delete globals[evaluated];
});

test("a « ---js » frontmatter is refused in French, never evaluated", () => {
  expect(() => parseFrontmatter(hostile)).toThrow(
    "l'en-tête « ---js » n'est pas lu : il doit être en YAML, entre deux lignes « --- »",
  );
  expect(() => parseFrontmatter(hostile.replace("---js", "--- javascript"))).toThrow(
    "« ---javascript »",
  );
  expect(globals[evaluated]).toBeUndefined();
});

test("YAML is read, named or not", () => {
  expect(parseFrontmatter("---\nname: Régie\n---\nTexte\n")).toEqual({
    data: { name: "Régie" },
    content: "Texte\n",
  });
  expect(parseFrontmatter("---yaml\nname: Régie\n---\n").data).toEqual({ name: "Régie" });
});

test("the server's readers report the file and run nothing of it", () => {
  const content = mkdtempSync(join(tmpdir(), "frontmatter-"));
  try {
    mkdirSync(join(content, "company"));
    mkdirSync(join(content, "testimonials"));
    writeFileSync(join(content, "company", "company.md"), hostile);
    writeFileSync(join(content, "testimonials", "a.md"), hostile);
    expect(readContentSource("company", "company.md", content).problems).toEqual([
      "content/company/company.md : l'en-tête « ---js » n'est pas lu : il doit être en YAML, entre deux lignes « --- »",
    ]);
    expect(readScheduledFiles(content)).toEqual([]);
    expect(globals[evaluated]).toBeUndefined();
  } finally {
    rmSync(content, { recursive: true, force: true });
  }
});
