import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import { formatEuro, formatPercent, formatRatio, formatLongDate } from "../../src/shared/format";
import { bundlesOf } from "../../src/build/bundle-loader";
import { siteUrl } from "../../src/shared/site-url";
import { compileHint, onDemandBundle } from "../../src/build/compile-hint";

// What a search engine reads: the static HTML of each page, before any script runs. The pages are
// parsed documents with no window, so plain matchers are used rather than jest-dom's.

const root = path.resolve(__dirname, "../..");
const publicDir = path.join(root, "public");
const origin = siteUrl(process.env.SITE_URL);

function htmlOf(file: string): string {
  return readFileSync(path.join(publicDir, file), "utf8");
}

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, "text/html");
}

function read(file: string): Document {
  return parse(htmlOf(file));
}

function frontmatter(folder: string) {
  const dir = path.join(root, "content", folder);
  return readdirSync(dir)
    .filter((file) => file.endsWith(".md"))
    .map((file) => matter(readFileSync(path.join(dir, file), "utf8")));
}

const companyName = String(frontmatter("company")[0]?.data.name);

const pages = [
  { file: "index.html", canonical: `${origin}/` },
  { file: "mentions-legales/index.html", canonical: `${origin}/mentions-legales` },
  {
    file: "politique-confidentialite/index.html",
    canonical: `${origin}/politique-confidentialite`,
  },
  { file: "conditions-generales/index.html", canonical: `${origin}/conditions-generales` },
  // The same landing content elsewhere points search engines to `/`.
  { file: "contact/index.html", canonical: `${origin}/` },
  { file: "404.html", canonical: `${origin}/` },
];

describe.each(pages)("$file", ({ file, canonical }) => {
  const html = htmlOf(file);
  const doc = parse(html);

  it("is text: no NUL byte left by the streaming renderer", () => {
    expect(html).not.toContain("\u0000");
  });

  it("asks for Gatsby's bundles only after its first paint", () => {
    expect(html).not.toMatch(/<script[^>]* src=/);
    expect(html).toMatch(/function load\(\)\{.*\/app-[0-9a-f]+\.js.*"first-contentful-paint"/);
    // One loader: a second would start the site twice, and hydration would fail.
    expect(html.match(/function load\(\)/gu)).toHaveLength(1);
  });

  it('declares lang="fr"', () => {
    expect(doc.documentElement.getAttribute("lang")).toBe("fr");
  });

  it("has a French title and description", () => {
    expect(doc.title.endsWith(` | ${companyName}`)).toBe(true);
    expect(doc.title.length).toBeGreaterThan(companyName.length + 5);
    const description = doc.querySelector('meta[name="description"]')?.getAttribute("content");
    expect(description?.length).toBeGreaterThan(50);
  });

  it("has exactly one canonical link, absolute, its own", () => {
    const links = doc.querySelectorAll('link[rel="canonical"]');
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute("href")).toBe(canonical);
  });

  it("leaves no content token unfilled", () => {
    expect(doc.body.textContent).not.toMatch(/\{\{[^}]*\}\}/);
  });

  it("loads nothing from another host", () => {
    const urls = [...doc.querySelectorAll("[src], link[href]")].map(
      (element) => element.getAttribute("src") ?? element.getAttribute("href") ?? "",
    );
    const foreign = urls.filter((url) => /^(https?:)?\/\//.test(url) && !url.startsWith(origin));
    expect(foreign).toEqual([]);
  });
});

it("gives each route its own title", () => {
  const titles = [
    "index.html",
    "mentions-legales/index.html",
    "politique-confidentialite/index.html",
    "conditions-generales/index.html",
  ].map((file) => read(file).title);
  expect(new Set(titles).size).toBe(titles.length);
});

it("keeps the unknown-path page out of search results", () => {
  const robots = read("404.html").querySelector('meta[name="robots"]')?.getAttribute("content");
  expect(robots).toBe("noindex");
  expect(read("index.html").querySelector('meta[name="robots"]')).toBeNull();
});

describe("the landing page's static HTML carries the content of content/", () => {
  const text = read("index.html").body.textContent ?? "";
  const figures = frontmatter("figures")[0]?.data ?? {};

  it("shows every testimonial and client", () => {
    for (const testimonial of frontmatter("testimonials")) {
      expect(text).toContain(testimonial.content.trim());
      expect(text).toContain(testimonial.data.role);
    }
    for (const client of frontmatter("clients")) expect(text).toContain(client.data.name);
  });

  it("links the legal pages in the footer in their order, at the paths their files give, then the accessibility statement with its state", () => {
    const legal = frontmatter("legal")
      .map((file) => file.data as { order: number; path: string; title: string })
      .sort((a, b) => a.order - b.order);
    const [statement] = frontmatter("accessibility").map(
      (file) => file.data as { path: string; state: string },
    );
    const footer = read("index.html").querySelector('nav[aria-label="Informations légales"]');
    const links = [...(footer?.querySelectorAll("a") ?? [])];
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ...legal.map((page) => [page.title, page.path]),
      [`Accessibilité : ${statement?.state}`, statement?.path],
    ]);
  });

  it("links the privacy policy from the form's consent, at the path its file gives", () => {
    const privacy = matter(
      readFileSync(path.join(root, "content/legal/politique-confidentialite.md"), "utf8"),
    ).data as { path: string };
    const consent = read("index.html").querySelector('form label a[target="_blank"]');
    expect(consent?.getAttribute("href")).toBe(privacy.path);
  });

  it("shows the figures formatted in French, with the ratio computed", () => {
    expect(text).toContain(formatPercent(figures.recoveryRate));
    expect(text).toContain(formatPercent(figures.amicableRate));
    expect(text).toContain(formatEuro(figures.averageRecoveredAmount));
    expect(text).toContain(formatRatio(figures.averageRecoveredAmount, figures.averageServiceCost));
    for (const channel of figures.channels) expect(text).toContain(channel.name);
  });
});

describe.each(frontmatter("legal"))("legal page $data.path", ({ data }) => {
  const doc = read(`${data.path.slice(1)}/index.html`);

  it("shows its title and its date in French", () => {
    expect(doc.querySelector("h1")?.textContent).toBe(data.title);
    const updatedAt =
      data.updatedAt instanceof Date ? data.updatedAt.toISOString() : String(data.updatedAt);
    expect(doc.body.textContent).toContain(
      `Dernière mise à jour : ${formatLongDate(updatedAt.slice(0, 10))}`,
    );
  });
});

describe("the bundles the landing page loads", () => {
  const html = htmlOf("index.html");
  const bundles = bundlesOf(html);

  it.each(bundles)("%s asks V8 to compile it in the background, its source map aligned", (src) => {
    const file = path.join(publicDir, src);
    expect(readFileSync(file, "utf8").startsWith(`${compileHint}\n`)).toBe(true);
    // The hint's line has no mapping: the map's first line is empty.
    const map = JSON.parse(readFileSync(`${file}.map`, "utf8")) as { mappings: string };
    expect(map.mappings.startsWith(";")).toBe(true);
  });

  it("leave react-helmet-async on the server: the head is in the HTML", () => {
    const sources = bundles.flatMap(
      (src) =>
        (
          JSON.parse(readFileSync(path.join(publicDir, `${src}.map`), "utf8")) as {
            sources: string[];
          }
        ).sources,
    );
    expect(sources).toContainEqual(expect.stringContaining("src/start-up/head-from-server.tsx"));
    expect(sources).not.toContainEqual(expect.stringContaining("react-helmet-async"));
    expect(parse(html).head.querySelector('link[rel="canonical"]')).not.toBeNull();
  });
});

describe("the bundles loaded on demand", () => {
  // This build's files, as webpack's stats name them: a warm build leaves the bundles of
  // earlier builds in public/ beside them.
  const stats = JSON.parse(readFileSync(path.join(publicDir, "webpack.stats.json"), "utf8")) as {
    assetsByChunkName: Record<string, string[]>;
  };
  const onDemand = Object.values(stats.assetsByChunkName)
    .flat()
    .filter((file) => onDemandBundle.test(file));

  it("include the quote form's chunk", () => {
    expect(onDemand).toEqual([expect.stringMatching(/^quote-form-[0-9a-f]+\.js$/)]);
  });

  it.each(onDemand)("%s leaves V8 to compile its functions when they are called", (file) => {
    expect(readFileSync(path.join(publicDir, file), "utf8")).not.toContain(compileHint);
  });
});
