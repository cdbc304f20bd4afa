import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { bundlesOf } from "../../src/build/bundle-loader";
import matter from "gray-matter";
import { isPlaceholder } from "../../src/shared/content-model/placeholder";
import { siteUrl } from "../../src/shared/site-url";

// The built files as a crawler, a social network and the static host read them: each page's card
// and structured data, the sitemap and robots.txt, the manifest, and a Content-Security-Policy
// that allows every inline script the pages carry. Parsed with jsdom, independently of the
// parser the build uses to compute the hashes.

const root = path.resolve(__dirname, "../..");
const publicDir = path.join(root, "public");
const origin = siteUrl(process.env.SITE_URL);
const text = (file: string) => readFileSync(path.join(publicDir, file), "utf8");
const parse = (source: string, type: DOMParserSupportedType) =>
  new DOMParser().parseFromString(source, type);
const content = (file: string) =>
  matter(readFileSync(path.join(root, "content", file), "utf8")).data as Record<string, unknown>;
const company = content("company/company.md") as Record<string, string>;

/** The public file an absolute URL of the site points to. */
function publicFile(url: string | null | undefined): string {
  expect(url?.startsWith(`${origin}/`)).toBe(true);
  return path.join(publicDir, new URL(url ?? "").pathname);
}

/** The dimensions a PNG or JPEG file declares in its header. */
function imageSize(file: string): { width: number; height: number } {
  const data = readFileSync(file);
  if (data.readUInt32BE(0) === 0x89504e47) {
    return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  }
  let offset = 2;
  while (offset < data.length) {
    const marker = data.readUInt16BE(offset);
    const length = data.readUInt16BE(offset + 2);
    if (marker >= 0xffc0 && marker <= 0xffc3) {
      return { height: data.readUInt16BE(offset + 5), width: data.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  throw new Error(`${file}: no image size found`);
}

type Rule = { path: string; headers: Map<string, string> };
const rules: Rule[] = [];
for (const line of text("_headers").split("\n")) {
  if (!line.trim() || line.startsWith("#")) continue;
  if (!line.startsWith(" ")) rules.push({ path: line, headers: new Map() });
  else {
    const [name = "", ...value] = line.trim().split(":");
    rules.at(-1)?.headers.set(name.toLowerCase(), value.join(":").trim());
  }
}
const ruleFor = (rulePath: string) => rules.find((rule) => rule.path === rulePath);
const directive = (policy: string, name: string) =>
  policy
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name)
    ?.slice(1) ?? [];

const pages = [
  { file: "index.html", route: "/", canonical: `${origin}/`, kind: "landing" },
  { file: "contact/index.html", route: "/contact", canonical: `${origin}/`, kind: "landing" },
  { file: "404.html", route: "/404.html", canonical: `${origin}/`, kind: "other" },
  ...[
    "mentions-legales",
    "politique-confidentialite",
    "conditions-generales",
    "accessibilite",
    "locataires",
  ].map((name) => ({
    file: `${name}/index.html`,
    route: `/${name}`,
    canonical: `${origin}/${name}`,
    kind: "legal",
  })),
];

describe.each(pages)("$file", ({ file, route, canonical, kind }) => {
  const doc = parse(text(file), "text/html");
  const meta = (key: string) =>
    doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute("content");
  const jsonLd = [...doc.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent ?? "") as Record<string, unknown>,
  );

  it("has its Open Graph card, in French, pointing to its canonical URL", () => {
    expect(meta("og:title")?.length).toBeGreaterThan(5);
    expect(meta("og:description")).toBe(meta("description"));
    expect(meta("og:url")).toBe(canonical);
    expect(meta("og:type")).toBe("website");
    expect(meta("og:locale")).toBe("fr_FR");
    expect(meta("og:site_name")).toBe(company.name);
  });

  it("shares a 1200×630 image of the site, described, absolute", () => {
    const image = meta("og:image");
    expect(imageSize(publicFile(image))).toEqual({ width: 1200, height: 630 });
    expect(meta("og:image:width")).toBe("1200");
    expect(meta("og:image:height")).toBe("630");
    expect(meta("og:image:alt")?.length).toBeGreaterThan(10);
  });

  it("has a large-image Twitter card with the same text and image", () => {
    expect(meta("twitter:card")).toBe("summary_large_image");
    expect(meta("twitter:title")).toBe(meta("og:title"));
    expect(meta("twitter:description")).toBe(meta("og:description"));
    expect(meta("twitter:image")).toBe(meta("og:image"));
  });

  it("links its icons and manifest, all built", () => {
    for (const selector of ['link[rel="manifest"]', 'link[rel="apple-touch-icon"]']) {
      const href = doc.querySelector(selector)?.getAttribute("href") ?? "";
      expect(existsSync(path.join(publicDir, href.split("?")[0] ?? ""))).toBe(true);
    }
    // A PNG, not the SVG: Chromium draws an SVG icon on the page's main thread.
    const icon = doc.querySelector('link[rel="icon"]');
    expect(icon?.getAttribute("type")).toBe("image/png");
    expect(icon?.getAttribute("sizes")).toBe("48x48");
    const png = readFileSync(path.join(publicDir, icon?.getAttribute("href") ?? "missing"));
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([48, 48]);
  });

  if (kind === "landing") {
    it("describes the company as an Organization", () => {
      expect(jsonLd).toHaveLength(1);
      const organisation = jsonLd[0] ?? {};
      expect(organisation).toMatchObject({
        "@context": "https://schema.org",
        "@type": "Organization",
        name: company.name,
        url: `${origin}/`,
        areaServed: { "@type": "Country", name: "France" },
      });
      expect(String(organisation.telephone).replace(/\D/g, "")).toBe(
        `33${String(company.phone).replace(/\D/g, "").slice(1)}`,
      );
      expect(imageSize(publicFile(String(organisation.logo))).width).toBeGreaterThanOrEqual(112);
      // A head office still to be completed is no address; a known one is stated.
      if (isPlaceholder(String(company.headOffice))) expect(organisation.address).toBeUndefined();
      else expect(organisation.address).toBeDefined();
    });
  }

  if (kind === "legal") {
    it("gives its breadcrumb trail from the home page", () => {
      expect(jsonLd).toEqual([
        {
          "@context": "https://schema.org",
          "@type": "BreadcrumbList",
          itemListElement: [
            { "@type": "ListItem", position: 1, name: "Accueil", item: `${origin}/` },
            {
              "@type": "ListItem",
              position: 2,
              name: doc.querySelector("h1")?.textContent,
              item: canonical,
            },
          ],
        },
      ]);
    });
  }

  if (kind === "other") {
    it("carries no structured data: it stands for any unknown path", () => {
      expect(jsonLd).toEqual([]);
    });
  }

  describe("under its Content-Security-Policy", () => {
    const policy = ruleFor(route)?.headers.get("content-security-policy") ?? "";
    const scriptSources = directive(policy, "script-src");

    it("allows each of its inline scripts by hash, and no inline script at large", () => {
      const inline = [...doc.querySelectorAll("script:not([src])")].filter((script) =>
        ["", "module", "text/javascript"].includes(script.getAttribute("type") ?? ""),
      );
      expect(inline.length).toBeGreaterThan(0);
      for (const script of inline) {
        const hash = createHash("sha256")
          .update(script.textContent ?? "", "utf8")
          .digest("base64");
        expect(scriptSources).toContain(`'sha256-${hash}'`);
      }
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
    ["img-src", ["'self'"]],
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

  it("caches hashed bundles and static/ for good, page data never without asking", () => {
    const immutable = "public, max-age=31536000, immutable";
    const scripts = bundlesOf(text("index.html"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(ruleFor(script)?.headers.get("cache-control")).toBe(immutable);
    }
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

describe("sitemap and robots.txt", () => {
  const locs = (file: string) =>
    [...parse(text(file), "application/xml").getElementsByTagName("loc")].map(
      (loc) => loc.textContent,
    );

  it("robots.txt names the sitemap at the site's address", () => {
    expect(text("robots.txt")).toContain(`Sitemap: ${origin}/sitemap-index.xml\n`);
    expect(text("robots.txt")).toContain("Disallow: /admin/");
  });

  it("the sitemap lists the six pages by their canonical URLs, and nothing else", () => {
    const sitemaps = locs("sitemap-index.xml");
    expect(sitemaps).toEqual([`${origin}/sitemap-0.xml`]);
    expect(locs("sitemap-0.xml").sort()).toEqual(
      [
        `${origin}/`,
        `${origin}/accessibilite`,
        `${origin}/conditions-generales`,
        `${origin}/locataires`,
        `${origin}/mentions-legales`,
        `${origin}/politique-confidentialite`,
      ].sort(),
    );
  });
});

describe("web manifest", () => {
  const manifest = JSON.parse(text("manifest.webmanifest")) as {
    name: string;
    lang: string;
    theme_color: string;
    icons: { src: string; sizes: string }[];
  };
  const tokens = readFileSync(path.join(root, "src/styles/tokens.css"), "utf8");

  it("names the company in French, in the brand's colour", () => {
    expect(manifest.name).toBe(company.name);
    expect(manifest.lang).toBe("fr");
    expect(tokens).toContain(`--color-brand: ${manifest.theme_color};`);
  });

  it("lists icons that exist at their stated size", () => {
    for (const icon of manifest.icons) {
      const [width] = icon.sizes.split("x").map(Number);
      const size = imageSize(path.join(publicDir, icon.src.split("?")[0] ?? ""));
      expect(`${size.width}x${size.height}`).toBe(icon.sizes);
      expect(width).toBeGreaterThanOrEqual(180);
    }
  });
});
