/** @jest-environment node */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { finishBuiltPages, withoutNullBytes } from "../finish-pages";

describe("withoutNullBytes", () => {
  it("removes the NUL bytes React's stream left, keeping every character", () => {
    expect(withoutNullBytes("<p>Nous relan\u0000çons</p>")).toBe("<p>Nous relançons</p>");
  });
});

describe("finishBuiltPages", () => {
  it("finishes every HTML page and nothing else", () => {
    const publicDir = mkdtempSync(path.join(tmpdir(), "public-"));
    mkdirSync(path.join(publicDir, "mentions-legales"));
    writeFileSync(path.join(publicDir, "index.html"), "<body><p>Nous relan\u0000çons</p></body>");
    writeFileSync(path.join(publicDir, "mentions-legales", "index.html"), "<body>Éditeur</body>");
    writeFileSync(path.join(publicDir, "app.js"), "const a = '\u0000';");

    expect(finishBuiltPages(publicDir)).toEqual(["index.html"]);
    expect(readFileSync(path.join(publicDir, "index.html"), "utf8")).toBe(
      "<body><p>Nous relançons</p></body>",
    );
    expect(readFileSync(path.join(publicDir, "app.js"), "utf8")).toBe("const a = '\u0000';");
    rmSync(publicDir, { recursive: true, force: true });
  });
});
