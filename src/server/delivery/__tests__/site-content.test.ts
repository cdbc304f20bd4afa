/** @jest-environment node */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readAckContent } from "../site-content";

// The acknowledgement's content, read from a copy of the real content/ with one change each.

const realContent = join(__dirname, "../../../../content");
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "ack-content-"));
  for (const kind of ["company", "figures"]) {
    cpSync(join(realContent, kind), join(dir, kind), { recursive: true });
  }
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Replaces one line of a copied file, failing when the line is not there. */
function edit(file: string, from: RegExp, to: string): void {
  const path = join(dir, file);
  const text = readFileSync(path, "utf8");
  expect(text).toMatch(from);
  writeFileSync(path, text.replace(from, to));
}

test("the real files: the company's details and the reply delay marketing wrote", async () => {
  const content = await readAckContent(dir);
  const figures = readFileSync(join(dir, "figures/figures.md"), "utf8");
  expect(content.quoteReplyHours).toBe(Number(/^quoteReplyHours:\s*(\d+)/m.exec(figures)?.[1]));
  expect(content.companyName).not.toBe("");
});

test("a detail still to be given is left out, never shown to the visitor", async () => {
  edit("company/company.md", /^phone:.*$/m, 'phone: "[À COMPLÉTER : standard]"');
  expect((await readAckContent(dir)).phone).toBeNull();
});

test("a file the build would refuse holds the email back with the build's French line", async () => {
  edit("figures/figures.md", /^quoteReplyHours:.*$/m, "quoteReplyHours: bientôt");
  await expect(readAckContent(dir)).rejects.toThrow(
    /content\/figures\/figures\.md : champ « quoteReplyHours » : attendu .*trouvé le texte « bientôt »/,
  );
});

test("a phone number of the wrong shape is refused too, naming its file and field", async () => {
  edit("company/company.md", /^phone:.*$/m, "phone: appelez-nous");
  await expect(readAckContent(dir)).rejects.toThrow(
    /content\/company\/company\.md : champ « phone »/,
  );
});
