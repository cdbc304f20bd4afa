import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  bundlesAfterFirstPaint,
  bundlesOf,
  finishBuiltPages,
  withoutNullBytes,
} from "../built-pages";

const gatsbyTail =
  '<script id="gatsby-chunk-mapping">window.___chunkMapping="{}";</script>' +
  '<script src="/webpack-runtime-0a1b.js" async=""></script>' +
  '<script src="/framework-2c3d.js" async=""></script>' +
  '<script src="/app-4e5f.js" async=""></script></body></html>';

describe("withoutNullBytes", () => {
  it("removes the NUL bytes React's stream left, keeping every character", () => {
    expect(withoutNullBytes("<p>Nous relan\u0000çons</p>")).toBe("<p>Nous relançons</p>");
  });
});

describe("bundlesAfterFirstPaint", () => {
  const html = bundlesAfterFirstPaint(`<html><body><main>Texte</main>${gatsbyTail}`);

  it("leaves no bundle for the browser to fetch before it paints", () => {
    expect(html).not.toMatch(/<script src=/);
  });

  it("asks for the same bundles, in order, after the first frame", () => {
    const loader = /<script>(requestAnimationFrame\(.*\))<\/script><\/body>/u.exec(html)?.[1];
    expect(loader).toBeDefined();
    const appended: string[] = [];
    const frame = (callback: () => void) => callback();
    const fakeDocument = {
      createElement: () => ({ src: "" }),
      body: { appendChild: (script: { src: string }) => appended.push(script.src) },
    };
    new Function("requestAnimationFrame", "setTimeout", "document", loader ?? "")(
      frame,
      frame,
      fakeDocument,
    );
    expect(appended).toEqual(["/webpack-runtime-0a1b.js", "/framework-2c3d.js", "/app-4e5f.js"]);
  });

  it("still names its bundles to whoever reads the page", () => {
    expect(bundlesOf(html)).toEqual([
      "/webpack-runtime-0a1b.js",
      "/framework-2c3d.js",
      "/app-4e5f.js",
    ]);
  });

  it("keeps the inline scripts the bundles need before them", () => {
    expect(html).toContain('<script id="gatsby-chunk-mapping">');
    expect(html.indexOf("gatsby-chunk-mapping")).toBeLessThan(
      html.indexOf("requestAnimationFrame"),
    );
  });

  it("leaves a page without bundles as it is", () => {
    expect(bundlesAfterFirstPaint("<html><body><p>Admin</p></body></html>")).toBe(
      "<html><body><p>Admin</p></body></html>",
    );
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
  });
});
