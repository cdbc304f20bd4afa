// The built pages as a crawler and a social network read them: each page's card and structured
// data, its icons, the sitemap and robots.txt. Parsed with jsdom, independently of the
// parser the build uses. The static host's headers: host-headers.test.ts.
import { readFileSync } from "node:fs";
import path from "node:path";
import { designToken } from "../../src/build/design-tokens";
import { isPlaceholder } from "../../src/shared/content-model/placeholder";
import { company, origin, pages, parse, publicDir, text } from "./support/built-site";

const brandColour = designToken("--color-brand");

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

describe.each(pages)("$file", ({ file, canonical, kind }) => {
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

  it("names its icons, all built at their stated size, and no web manifest", () => {
    // The touch icon, for a phone's home screen.
    const touch = doc.querySelector('link[rel="apple-touch-icon"]');
    const touchSize = imageSize(path.join(publicDir, touch?.getAttribute("href") ?? "missing"));
    expect(`${touchSize.width}x${touchSize.height}`).toBe(touch?.getAttribute("sizes"));
    // The tab's icon: a PNG, not the SVG (Chromium draws an SVG icon on the page's main thread),
    // its address given after the first paint, and at once to a page without JavaScript.
    const icon = doc.querySelector('link[rel="icon"]');
    expect(icon?.getAttribute("href")).toBe("data:,");
    expect(icon?.getAttribute("type")).toBe("image/png");
    expect(icon?.getAttribute("sizes")).toBe("48x48");
    const png = readFileSync(path.join(publicDir, icon?.getAttribute("data-href") ?? "missing"));
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([48, 48]);
    // jsdom parses as a browser without scripting does: the <noscript>'s link is an element.
    const withoutScript = doc.head.querySelector('noscript link[rel="icon"]');
    expect(withoutScript?.getAttribute("href")).toBe(icon?.getAttribute("data-href"));
    // Nothing the browser would fetch while the page loads: the theme colour is in the head.
    expect(doc.querySelector('link[rel="manifest"]')).toBeNull();
    expect(meta("theme-color")).toBe(brandColour);
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
