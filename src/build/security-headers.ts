import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Parser } from "htmlparser2";
import { filesUnder } from "./public-files";

// The HTTP headers the static host sends, written after the build from the final files:
// `public/_headers` (Netlify, Cloudflare Pages) and `public/nginx-headers.conf` (the same rules
// as nginx locations). The Content-Security-Policy allows exactly the inline scripts the build
// wrote, by their SHA-256 hashes, and never 'unsafe-inline' for scripts.

export type Header = [name: string, value: string];
export type Rule = { path: string; headers: Header[] };

/** Script types a browser runs; any other type (JSON-LD, for one) is a data block CSP ignores. */
const executableTypes = new Set(["", "module", "text/javascript", "application/javascript"]);

/** The text of every inline script of an HTML page that a browser would run. */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  let current: string | undefined;
  const parser = new Parser({
    onopentag(name, attributes) {
      const type = (attributes.type ?? "").trim().toLowerCase();
      if (name === "script" && attributes.src === undefined && executableTypes.has(type)) {
        current = "";
      }
    },
    ontext(text) {
      if (current !== undefined) current += text;
    },
    onclosetag(name) {
      if (name === "script" && current !== undefined) {
        scripts.push(current);
        current = undefined;
      }
    },
  });
  parser.write(html);
  parser.end();
  return scripts;
}

/** A CSP hash source for a script's exact text. */
export function scriptHash(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/** The origin of `GATSBY_API_URL` when it names another host; the embedded `/api` is 'self'. */
export function apiOrigin(configured: string | undefined): string | undefined {
  const value = configured?.trim();
  if (!value || !/^https?:\/\//i.test(value)) return undefined;
  return new URL(value).origin;
}

type PolicyInput = { scriptHashes: string[]; apiOrigin?: string };
type AdminPolicyInput = PolicyInput & { cmsOrigins: string[] };

const policy = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(" "))
    .join("; ");

const unique = (values: string[]) => [...new Set(values)].sort();

/**
 * The site's pages. Styles allow 'unsafe-inline' (styles only): the server HTML carries style
 * attributes (the bar charts' widths) that hashes cannot allow without 'unsafe-hashes', and
 * react-toastify injects its stylesheet at run time. Fonts are files of the site's own (only
 * Public Sans's Latin faces, too large for webpack to inline, are declared); so are images, but
 * for the tab's icon, whose address waits for the first paint behind the empty `data:,` (an
 * image: nothing in it runs; gatsby-ssr.tsx, src/islands/tab-icon.ts).
 */
export function sitePolicy({ scriptHashes, apiOrigin }: PolicyInput): string {
  return policy({
    "default-src": ["'self'"],
    "script-src": ["'self'", ...unique(scriptHashes)],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...(apiOrigin ? [apiOrigin] : [])],
    // The quote form's anti-bot worker: a file of the site's own, never a blob: or data: URL.
    "worker-src": ["'self'"],
    // No web manifest: see src/shared/favicon.ts.
    "manifest-src": ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  });
}

/**
 * The admin at /admin/ (Decap CMS). Looser than the site's: Decap compiles its validation
 * schemas with `new Function` ('unsafe-eval'), styles itself with emotion (inline styles), shows
 * uploaded media as blob: and data: URLs and reads them back with fetch to save them (connect-src
 * blob:, URLs its own scripts made: no host is reached through them), renders previews in a
 * frame, and talks to its backends: the local one while editing on a workstation, the configured
 * git host's API in production (`cmsConnectOrigins` in src/cms/settings.ts).
 */
export function adminPolicy({ scriptHashes, apiOrigin, cmsOrigins }: AdminPolicyInput): string {
  return policy({
    "default-src": ["'self'"],
    "script-src": ["'self'", "'unsafe-eval'", ...unique(scriptHashes)],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:"],
    "media-src": ["'self'", "blob:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", "blob:", ...cmsOrigins, ...(apiOrigin ? [apiOrigin] : [])],
    "frame-src": ["'self'", "blob:"],
    "worker-src": ["'self'", "blob:"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  });
}

/** Sent with every response. */
export const commonHeaders: Header[] = [
  ["Strict-Transport-Security", "max-age=31536000; includeSubDomains"],
  ["X-Content-Type-Options", "nosniff"],
  ["X-Frame-Options", "DENY"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()"],
];

// Gatsby's caching guidance: HTML and page data are revalidated on every visit (page data may
// change without its name changing, static query results in page-data/sq/d included: they are
// named after their query, not their result); content-hashed JS and CSS and static/ never change.
export const revalidate: Header = ["Cache-Control", "public, max-age=0, must-revalidate"];
export const immutable: Header = ["Cache-Control", "public, max-age=31536000, immutable"];

/** webpack's content-hashed bundles at the root of public/: `app-<hash>.js`, `styles.<hash>.css`. */
export function isHashedAsset(fileName: string): boolean {
  return (
    /^[\w.~-]+-[0-9a-f]{20}\.js$/.test(fileName) || /^styles\.[0-9a-f]{20}\.css$/.test(fileName)
  );
}

export type BuildFacts = {
  /** Routes of the site's HTML pages: `/`, `/mentions-legales`, `/404.html`… */
  pageRoutes: string[];
  /** Root file names of content-hashed bundles. */
  hashedAssets: string[];
  /**
   * Each page's own policy, allowing only the inline scripts of that page: the policy travels
   * with every load of the page's HTML, whose first round trip has room for about 14 kB.
   */
  pagePolicies: Record<string, string>;
  /** The policy of any other path (nginx's fallback): every page's inline scripts allowed. */
  sitePolicy: string;
  adminPolicy: string;
  /** A draft's preview (`SITE_PREVIEW_BRANCH`), which no search engine may index. */
  preview: boolean;
};

/** On every response of a preview: files too (PDF, images), which carry no robots meta tag. */
export const previewRobots: Header = ["X-Robots-Tag", "noindex, nofollow"];

/**
 * The rules, built so that no header is set by two rules matching the same path: Cloudflare
 * Pages joins such values with commas (two policies, both enforced) and hosts differ on it. So
 * the shared security headers go on `/*`, while the CSP and Cache-Control go on disjoint paths:
 * each page, `/admin/*`, `/page-data/*`, `/static/*`, `/islands/*` and each hashed bundle.
 */
export function headerRules(facts: BuildFacts): Rule[] {
  const pageRules = facts.pageRoutes.flatMap((route) => {
    const page: Header[] = [
      ["Content-Security-Policy", facts.pagePolicies[route] ?? facts.sitePolicy],
      revalidate,
    ];
    return route === "/" || route.endsWith(".html")
      ? [{ path: route, headers: page }]
      : // Hosts serve a folder's index.html with and without the trailing slash.
        [
          { path: route, headers: page },
          { path: `${route}/`, headers: page },
        ];
  });
  return [
    { path: "/*", headers: facts.preview ? [...commonHeaders, previewRobots] : commonHeaders },
    ...pageRules,
    { path: "/admin/*", headers: [["Content-Security-Policy", facts.adminPolicy]] },
    { path: "/page-data/*", headers: [revalidate] },
    { path: "/static/*", headers: [immutable] },
    // The islands (plugins/gatsby-plugin-islands): every file there is named after its content.
    { path: "/islands/*", headers: [immutable] },
    ...[...facts.hashedAssets].sort().map((file) => ({ path: `/${file}`, headers: [immutable] })),
  ];
}

export function headersFileText(rules: Rule[]): string {
  const blocks = rules.map((rule) =>
    [rule.path, ...rule.headers.map(([name, value]) => `  ${name}: ${value}`)].join("\n"),
  );
  return `# Written by the build (src/build/finish-pages.ts): do not edit.\n${blocks.join("\n")}\n`;
}

/**
 * The same rules for nginx, to include in the `server` block after `root`. A location with its
 * own add_header drops the server's, so each location repeats the shared headers.
 */
export function nginxSnippet(rules: Rule[], sitePolicy: string): string {
  const quote = (value: string) => `"${value.replace(/(["\\])/g, "\\$1")}"`;
  const common = rules.find((rule) => rule.path === "/*")?.headers ?? [];
  const block = (location: string, headers: Header[], extra: string[] = []) =>
    [
      `location ${location} {`,
      ...[...common, ...headers].map(
        ([name, value]) => `  add_header ${name} ${quote(value)} always;`,
      ),
      ...extra.map((line) => `  ${line}`),
      "}",
    ].join("\n");
  const headersOf = (rulePath: string) =>
    rules.find((rule) => rule.path === rulePath)?.headers ?? [];
  const assets = rules.filter(
    (rule) => rule.headers.includes(immutable) && !rule.path.includes("*"),
  );
  const pages = rules.filter(
    (rule) => rule.headers.includes(revalidate) && !rule.path.includes("*"),
  );
  return [
    "# Written by the build (src/build/finish-pages.ts) from the rules of _headers: do not edit.",
    "# Include inside the server block, after `root …/public;`.",
    "error_page 404 /404.html;",
    block("/admin/", headersOf("/admin/*"), ["try_files $uri $uri/ $uri/index.html =404;"]),
    block("/page-data/", headersOf("/page-data/*")),
    block("/static/", headersOf("/static/*")),
    block("/islands/", headersOf("/islands/*")),
    ...assets.map((rule) => block(`= ${rule.path}`, rule.headers)),
    // Each page with its own policy; a 404 is answered from /404.html's location.
    ...pages.map((rule) =>
      block(`= ${rule.path}`, rule.headers, ["try_files $uri $uri/index.html =404;"]),
    ),
    // Everything else (robots.txt, icons…) gets the policy allowing every page's scripts.
    block(
      "/",
      [["Content-Security-Policy", sitePolicy], revalidate],
      ["try_files $uri $uri/index.html =404;"],
    ),
    "",
  ].join("\n\n");
}

/** `index.html` → `/`, `mentions-legales/index.html` → `/mentions-legales`, `404.html` as is. */
export function routeOf(htmlFile: string): string {
  if (htmlFile === "index.html") return "/";
  return `/${htmlFile.replace(/\/index\.html$/, "")}`;
}

/** Reads the built site in `publicDir` and writes `_headers` and `nginx-headers.conf` there. */
export function writeHostHeaders(
  publicDir: string,
  configuredApiUrl: string | undefined,
  cmsOrigins: string[],
  preview: boolean,
) {
  const files = filesUnder(publicDir);
  const html = files.filter((file) => file.endsWith(".html"));
  const isAdmin = (file: string) => file.startsWith("admin/");
  // Gatsby's own fragments (slices under _gatsby/, ~partytown/) are stitched into pages, not served.
  const isPage = (file: string) => !/^(_gatsby|~partytown)\//.test(file) && !isAdmin(file);
  const hashesOf = (pages: string[]) =>
    pages.flatMap((file) =>
      inlineScripts(readFileSync(path.join(publicDir, file), "utf8")).map(scriptHash),
    );
  const origin = apiOrigin(configuredApiUrl);
  const sitePages = html.filter(isPage);
  // Each page read once: its own policy, and the union for every other path.
  const pageHashes = sitePages.map((file) => [routeOf(file), hashesOf([file])] as const);
  const site = sitePolicy({
    scriptHashes: pageHashes.flatMap(([, hashes]) => hashes),
    apiOrigin: origin,
  });
  const rules = headerRules({
    pageRoutes: pageHashes.map(([route]) => route),
    hashedAssets: files.filter((file) => !file.includes("/") && isHashedAsset(file)),
    pagePolicies: Object.fromEntries(
      pageHashes.map(([route, hashes]) => [
        route,
        sitePolicy({ scriptHashes: hashes, apiOrigin: origin }),
      ]),
    ),
    sitePolicy: site,
    adminPolicy: adminPolicy({
      scriptHashes: hashesOf(html.filter(isAdmin)),
      apiOrigin: origin,
      cmsOrigins,
    }),
    preview,
  });
  writeFileSync(path.join(publicDir, "_headers"), headersFileText(rules));
  writeFileSync(path.join(publicDir, "nginx-headers.conf"), nginxSnippet(rules, site));
  return rules;
}
