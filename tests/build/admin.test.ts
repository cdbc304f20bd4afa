import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { scriptFilesOf } from "./support/page-scripts";

// The admin lives in public/admin/ on its own, built apart from the site (src/build/admin-bundle.ts):
// search engines are told to skip it, it names no other host, it runs a Decap CMS line that gets
// fixes, and none of its code reaches the pages visitors load.

const publicDir = path.resolve(__dirname, "../../public");
const adminHtml = readFileSync(path.join(publicDir, "admin/index.html"), "utf8");
const admin = new DOMParser().parseFromString(adminHtml, "text/html");

/** The scripts a page may load, as files of public/. */
function scriptsOf(file: string): string[] {
  return scriptFilesOf(readFileSync(path.join(publicDir, file), "utf8"));
}

describe("the admin page", () => {
  it("asks search engines not to index it or follow its links", () => {
    expect(admin.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("none");
  });

  it("loads its scripts from /admin/ itself", () => {
    const sources = [...admin.querySelectorAll("script[src], link[href]")].map(
      (element) => element.getAttribute("src") ?? element.getAttribute("href") ?? "",
    );
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect(source).not.toMatch(/^(https?:)?\/\//);
    for (const source of sources) {
      expect(readdirSync(path.join(publicDir, "admin"))).toContain(source);
    }
  });

  it("runs decap-cms's own prebuilt bundle, at 3.13 or later (preview HTML sanitised)", () => {
    const decap = readFileSync(path.join(publicDir, "admin/decap-cms.js"), "utf8");
    const [major, minor] = (/"decap-cms (\d+)\.(\d+)\.\d+"/.exec(decap) ?? []).slice(1).map(Number);
    expect(major).toBe(3);
    expect(minor).toBeGreaterThanOrEqual(13);
  });

  it("carries no sign-in secret: the client secret stays in the server's environment", () => {
    for (const file of readdirSync(path.join(publicDir, "admin"))) {
      if (!/\.(js|html)$/.test(file)) continue;
      const code = readFileSync(path.join(publicDir, "admin", file), "utf8");
      expect(code).not.toMatch(/CMS_GITHUB_CLIENT_SECRET|client_secret/);
    }
  });

  it("is not a page of the site", () => {
    const pages = readdirSync(path.join(publicDir, "page-data"));
    expect(pages).not.toContain("admin");
  });
});

describe("the site's pages", () => {
  it.each(["index.html", "mentions-legales/index.html", "404.html"])(
    "%s loads no admin code",
    (file) => {
      const scripts = scriptsOf(file);
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) {
        expect(script.startsWith("admin/")).toBe(false);
        const code = readFileSync(path.join(publicDir, script), "utf8");
        expect(code).not.toMatch(/decap|netlify-?identity/i);
      }
    },
  );
});
