import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { repairHtmlFiles } from "../null-bytes";

describe("repairHtmlFiles", () => {
  it("removes the NUL bytes React's stream left in pages, and only touches those pages", () => {
    const publicDir = mkdtempSync(path.join(tmpdir(), "public-"));
    mkdirSync(path.join(publicDir, "mentions-legales"));
    writeFileSync(path.join(publicDir, "index.html"), "<p>Nous relan\u0000çons</p>");
    writeFileSync(path.join(publicDir, "mentions-legales", "index.html"), "<p>Éditeur</p>");
    writeFileSync(path.join(publicDir, "app.js"), "const a = '\u0000';");

    expect(repairHtmlFiles(publicDir)).toEqual(["index.html"]);
    expect(readFileSync(path.join(publicDir, "index.html"), "utf8")).toBe("<p>Nous relançons</p>");
    expect(readFileSync(path.join(publicDir, "mentions-legales", "index.html"), "utf8")).toBe(
      "<p>Éditeur</p>",
    );
    expect(readFileSync(path.join(publicDir, "app.js"), "utf8")).toBe("const a = '\u0000';");
  });
});
