// The built files as the static host serves them: public/_headers, and on each page a
// Content-Security-Policy that allows the site's own script files and, by its hash, each inline
// script the page carries. Parsed
// with jsdom, independently of the parser the build uses to compute the hashes.
import { createHash } from "node:crypto";
import { directive, pages, parse, ruleFor, rules, text } from "./support/built-site";
import { scriptFilesOf } from "./support/page-scripts";

describe.each(pages)("$file", ({ file, route }) => {
  const doc = parse(text(file), "text/html");

  describe("under its Content-Security-Policy", () => {
    const policy = ruleFor(route)?.headers.get("content-security-policy") ?? "";
    const scriptSources = directive(policy, "script-src");

    it("allows the site's own files and each of its inline scripts by hash, no inline script at large", () => {
      const inline = [...doc.querySelectorAll("script:not([src])")].filter((script) =>
        ["", "module", "text/javascript"].includes(script.getAttribute("type") ?? ""),
      );
      for (const script of inline) {
        const hash = createHash("sha256")
          .update(script.textContent ?? "", "utf8")
          .digest("base64");
        expect(scriptSources).toContain(`'sha256-${hash}'`);
      }
      expect(scriptSources).toContain("'self'");
      expect(scriptSources).not.toContain("'unsafe-inline'");
      expect(scriptSources).not.toContain("'unsafe-eval'");
    });

    it("has no inline event handler or javascript: URL, which hashes would not allow", () => {
      const elements = [...doc.querySelectorAll("*")];
      const handlers = elements.flatMap((element) =>
        element.getAttributeNames().filter((name) => name.startsWith("on")),
      );
      expect(handlers).toEqual([]);
      expect(doc.querySelectorAll('[href^="javascript:"]')).toHaveLength(0);
    });

    it("is revalidated on every visit", () => {
      expect(ruleFor(route)?.headers.get("cache-control")).toBe(
        "public, max-age=0, must-revalidate",
      );
    });
  });
});

describe("public/_headers", () => {
  const site = ruleFor("/")?.headers.get("content-security-policy") ?? "";

  it("limits connections to the site and the configured API host", () => {
    const apiUrl = process.env.GATSBY_API_URL?.trim();
    const expected = apiUrl?.startsWith("http") ? ["'self'", new URL(apiUrl).origin] : ["'self'"];
    expect(directive(site, "connect-src")).toEqual(expected);
  });

  it.each([
    ["default-src", ["'self'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
    ["img-src", ["'self'", "data:"]],
    ["font-src", ["'self'"]],
  ])("the site's policy sets %s", (name, sources) => {
    expect(directive(site, name)).toEqual(sources);
  });

  it("sends the security headers with every response", () => {
    const all = ruleFor("/*")?.headers;
    expect(all?.get("strict-transport-security")).toMatch(/^max-age=\d{8,}/);
    expect(all?.get("x-content-type-options")).toBe("nosniff");
    expect(all?.get("x-frame-options")).toBe("DENY");
    expect(all?.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(all?.get("permissions-policy")).toContain("camera=()");
  });

  it("gives the admin its own policy, letting Decap CMS evaluate code but nothing frame it", () => {
    const admin = ruleFor("/admin/*")?.headers.get("content-security-policy") ?? "";
    expect(directive(admin, "script-src")).toContain("'unsafe-eval'");
    expect(directive(admin, "frame-ancestors")).toEqual(["'none'"]);
  });

  it("caches the islands and static/ for good, page data never without asking", () => {
    const immutable = "public, max-age=31536000, immutable";
    const scripts = scriptFilesOf(text("index.html"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toMatch(/^islands\//);
    expect(ruleFor("/islands/*")?.headers.get("cache-control")).toBe(immutable);
    expect(ruleFor("/static/*")?.headers.get("cache-control")).toBe(immutable);
    expect(ruleFor("/page-data/*")?.headers.get("cache-control")).toBe(
      "public, max-age=0, must-revalidate",
    );
  });

  it("fits Cloudflare Pages' limits: 100 rules, 2,000 characters a line", () => {
    expect(rules.length).toBeLessThanOrEqual(100);
    for (const line of text("_headers").split("\n")) expect(line.length).toBeLessThan(2000);
  });

  it("is mirrored in the nginx snippet", () => {
    const nginx = text("nginx-headers.conf");
    expect(nginx).toContain(`add_header Content-Security-Policy "${site}" always;`);
    expect(nginx).toContain("location /admin/ {");
  });
});
