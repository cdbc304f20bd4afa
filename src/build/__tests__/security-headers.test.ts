/** @jest-environment node */
import { createHash } from "node:crypto";
import { cmsConnectOrigins, cmsSettings } from "../../cms/settings";
import { headersFor, parseHeadersFile } from "../../server/http/host-headers";
import {
  adminPolicy,
  apiOrigin,
  type BuildFacts,
  headerRules,
  inlineScripts,
  isHashedAsset,
  headersFileText,
  nginxSnippet,
  routeOf,
  scriptHash,
  sitePolicy,
} from "../security-headers";

const directive = (policy: string, name: string) =>
  policy
    .split("; ")
    .find((part) => part.startsWith(`${name} `))
    ?.split(" ")
    .slice(1);

describe("inlineScripts", () => {
  it("takes the exact text of the inline scripts a browser runs, and only those", () => {
    const html = [
      "<html><head>",
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      '<script src="/app.js" async></script>',
      '<script type="module">const a = 1 < 2 && "&amp;";</script>',
      "</head><body>",
      '<script id="gatsby-chunk-mapping">\n  window.x = "</div>";\n</script>',
      '<script type="text/JavaScript">b()</script>',
      '<script type="text/template"><p>not code</p></script>',
      "</body></html>",
    ].join("");
    expect(inlineScripts(html)).toEqual([
      'const a = 1 < 2 && "&amp;";',
      '\n  window.x = "</div>";\n',
      "b()",
    ]);
  });
});

describe("scriptHash", () => {
  it("is the CSP source of the SHA-256 of the UTF-8 text, base64", () => {
    const text = 'window.pagePath="/mentions-légales";';
    const digest = createHash("sha256").update(Buffer.from(text, "utf8")).digest("base64");
    expect(scriptHash(text)).toBe(`'sha256-${digest}'`);
  });
});

describe("apiOrigin", () => {
  it.each([
    [undefined, undefined],
    ["", undefined],
    ["/api", undefined],
    ["https://api.example.fr/v1/", "https://api.example.fr"],
    ["http://localhost:9610", "http://localhost:9610"],
  ])("%p → %p", (configured, origin) => {
    expect(apiOrigin(configured)).toBe(origin);
  });
});

describe("sitePolicy", () => {
  const policy = sitePolicy({
    scriptHashes: ["'sha256-b'", "'sha256-a'", "'sha256-b'"],
    apiOrigin: "https://api.example.fr",
  });

  it("allows scripts from the site and the listed hashes, never inline code at large", () => {
    expect(directive(policy, "script-src")).toEqual(["'self'", "'sha256-a'", "'sha256-b'"]);
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  });

  it("connects to the site and the API host only", () => {
    expect(directive(policy, "connect-src")).toEqual(["'self'", "https://api.example.fr"]);
    expect(directive(sitePolicy({ scriptHashes: [] }), "connect-src")).toEqual(["'self'"]);
  });

  it.each([
    ["default-src", ["'self'"]],
    ["img-src", ["'self'", "data:"]],
    ["font-src", ["'self'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
  ])("sets %s", (name, sources) => {
    expect(directive(policy, name)).toEqual(sources);
  });
});

describe("adminPolicy", () => {
  it("lets Decap CMS evaluate its schemas and reach its local backend, still framed by no one", () => {
    const policy = adminPolicy({
      scriptHashes: [],
      cmsOrigins: cmsConnectOrigins(cmsSettings({})),
    });
    expect(directive(policy, "script-src")).toEqual(["'self'", "'unsafe-eval'"]);
    expect(directive(policy, "connect-src")).toEqual(["'self'", "blob:", "http://localhost:8081"]);
    expect(directive(policy, "img-src")).toContain("blob:");
    expect(directive(policy, "frame-ancestors")).toEqual(["'none'"]);
  });

  it.each([
    [{ CMS_PORT: "8581" }, ["'self'", "blob:", "http://localhost:8581"]],
    [
      { CMS_BACKEND: "github", CMS_REPO: "hestia/site" },
      ["'self'", "blob:", "http://localhost:8081", "https://api.github.com"],
    ],
    [
      { CMS_REPO: "hestia/site", CMS_GITHUB_URL: "https://github.hestia.fr/" },
      ["'self'", "blob:", "http://localhost:8081", "https://github.hestia.fr"],
    ],
    [
      { CMS_BACKEND: "gitlab", CMS_REPO: "hestia/site" },
      ["'self'", "blob:", "http://localhost:8081", "https://gitlab.com"],
    ],
  ])("with %j, connects to exactly %j", (env, sources) => {
    const policy = adminPolicy({
      scriptHashes: [],
      cmsOrigins: cmsConnectOrigins(cmsSettings(env)),
    });
    expect(directive(policy, "connect-src")).toEqual(sources);
  });
});

it.each([
  ["app-07fc827bf664e1689fe0.js", true],
  ["component---src-pages-index-tsx-ad77d06b0cfbdc098920.js", true],
  ["styles.dabb3eef6b50966acec1.css", true],
  ["app-07fc827bf664e1689fe0.js.map", false],
  ["sw.js", false],
  ["favicon.svg", false],
])("isHashedAsset(%p) is %p", (file, hashed) => {
  expect(isHashedAsset(file)).toBe(hashed);
});

it.each([
  ["index.html", "/"],
  ["mentions-legales/index.html", "/mentions-legales"],
  ["404.html", "/404.html"],
  ["404/index.html", "/404"],
])("routeOf(%p) is %p", (file, route) => {
  expect(routeOf(file)).toBe(route);
});

const facts: BuildFacts = {
  pageRoutes: ["/", "/mentions-legales", "/404.html"],
  hashedAssets: ["app-07fc827bf664e1689fe0.js"],
  pagePolicies: {
    "/": "script-src 'self' 'sha256-home'",
    "/mentions-legales": "script-src 'self' 'sha256-legal'",
  },
  sitePolicy: "default-src 'self'",
  adminPolicy: "default-src 'self'; script-src 'self' 'unsafe-eval'",
  preview: false,
};

describe("headerRules", () => {
  const rules = headerRules(facts);
  const paths = rules.map((rule) => rule.path);

  it("covers every page with and without its trailing slash, the admin, page data and assets", () => {
    expect(paths).toEqual([
      "/*",
      "/",
      "/mentions-legales",
      "/mentions-legales/",
      "/404.html",
      "/admin/*",
      "/page-data/*",
      "/static/*",
      "/islands/*",
      "/app-07fc827bf664e1689fe0.js",
    ]);
  });

  it("never sets a header in two rules, so no host can join two values into one", () => {
    const setters = (name: string) =>
      rules.filter((rule) => rule.headers.some(([header]) => header === name)).map((r) => r.path);
    // Of the rules setting one header, only /* could overlap another: it must set none of these.
    for (const name of ["Content-Security-Policy", "Cache-Control"]) {
      expect(setters(name)).not.toContain("/*");
    }
    const shared = rules[0]?.headers.map(([name]) => name) ?? [];
    for (const rule of rules.slice(1)) {
      for (const [name] of rule.headers) expect(shared).not.toContain(name);
    }
  });

  it("gives each page the policy of its own inline scripts, the site's to the others", () => {
    const policyOf = (rulePath: string) =>
      new Map(rules.find((rule) => rule.path === rulePath)?.headers).get("Content-Security-Policy");
    expect(policyOf("/")).toBe("script-src 'self' 'sha256-home'");
    expect(policyOf("/mentions-legales")).toBe("script-src 'self' 'sha256-legal'");
    expect(policyOf("/mentions-legales/")).toBe("script-src 'self' 'sha256-legal'");
    expect(policyOf("/404.html")).toBe("default-src 'self'");
  });

  it("renders as _headers blocks and as nginx locations", () => {
    const file = headersFileText(rules);
    expect(file).toContain(
      "/admin/*\n  Content-Security-Policy: default-src 'self'; script-src 'self' 'unsafe-eval'\n",
    );
    expect(file).toContain("/static/*\n  Cache-Control: public, max-age=31536000, immutable\n");
    const nginx = nginxSnippet(rules, "default-src 'self'");
    expect(nginx).toContain("location /admin/ {");
    expect(nginx).toContain(
      'location = /app-07fc827bf664e1689fe0.js {\n  add_header Strict-Transport-Security "max-age=31536000; includeSubDomains" always;',
    );
    expect(nginx).toMatch(
      /location \/ \{[^}]*add_header Content-Security-Policy "default-src 'self'" always;/,
    );
    expect(nginx).toMatch(
      /location = \/mentions-legales\/ \{[^}]*add_header Content-Security-Policy "script-src 'self' 'sha256-legal'" always;[^}]*try_files/,
    );
  });
});

describe("headerRules of a draft's preview", () => {
  const paths = ["/", "/mentions-legales/", "/404.html", "/admin/", "/static/x.pdf", "/robots.txt"];
  const robotsOf = (text: string, urlPath: string) =>
    headersFor(parseHeadersFile(text), urlPath).get("x-robots-tag");

  it.each(paths)("asks search engines to neither index nor follow %s", (urlPath) => {
    const file = headersFileText(headerRules({ ...facts, preview: true }));
    expect(robotsOf(file, urlPath)).toBe("noindex, nofollow");
  });

  it("says so in every nginx location too", () => {
    const nginx = nginxSnippet(headerRules({ ...facts, preview: true }), "default-src 'self'");
    const locations = nginx.split("\n\n").filter((block) => block.startsWith("location "));
    expect(locations.length).toBeGreaterThan(5);
    for (const location of locations) {
      expect(location).toContain('add_header X-Robots-Tag "noindex, nofollow" always;');
    }
  });

  it("leaves the published site's pages and files indexable", () => {
    const file = headersFileText(headerRules(facts));
    for (const urlPath of paths) expect(robotsOf(file, urlPath)).toBeUndefined();
  });
});
