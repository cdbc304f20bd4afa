import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import { formatEuro, formatPercent, formatRatio, formatLongDate } from "../../src/shared/format";
import { siteUrl } from "../../src/shared/site-url";
import { filesFetchedInline, scriptFilesOf, scriptSources } from "./support/page-scripts";

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

  it("loads no script file with the page: its inline start fetches the islands' start-up module", () => {
    expect(scriptSources(html)).toEqual([]);
    expect(filesFetchedInline(html)).toEqual([
      expect.stringMatching(/^islands\/first-load-[A-Z0-9]+\.js$/),
    ]);
    // Gatsby's runtime is its scripts, their preloads and the page data they fetch.
    expect(html).not.toMatch(/window\.pagePath|___chunkMapping|webpackCompilationHash/);
    const preloads = 'link[as="script"], link[rel="modulepreload"], link[as="fetch"]';
    expect(doc.querySelectorAll(preloads)).toHaveLength(0);
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

describe("the islands the landing page runs", () => {
  const html = htmlOf("index.html");
  const doc = parse(html);
  const [startScript = ""] = filesFetchedInline(html);
  const startCode = readFileSync(path.join(publicDir, startScript), "utf8");
  const files = scriptFilesOf(html);

  it("start with one file that imports nothing more at load, and React is not in it", () => {
    // esbuild writes a static import as `import{…}from"./x.js"` or `import"./x.js"`.
    expect(startCode).not.toMatch(/(?:^|[;}])import\s*[{"*]/);
    expect(startCode).not.toContain("react.element");
  });

  it("fetch the quote form's code on demand, with its worker", () => {
    expect(startCode).toMatch(/"\/islands\/quote-form-[A-Z0-9]+\.js"/);
    expect(startCode).toContain("import(");
    expect(files).toContainEqual(expect.stringMatching(/^islands\/altcha\.worker-[A-Z0-9]+\.js$/));
  });

  it("name the form's classes as the page's HTML does", () => {
    const form = doc.querySelector('[data-island="quote-form"]');
    const classes = new Set(
      [form, ...(form?.querySelectorAll("[class]") ?? [])].flatMap((element) => [
        ...(element?.classList ?? []),
      ]),
    );
    expect(classes.size).toBeGreaterThan(10);
    const code = files.map((file) => readFileSync(path.join(publicDir, file), "utf8")).join("\n");
    for (const name of classes) expect(code).toContain(`"${name}"`);
  });

  it("give the form the props it was rendered with", () => {
    const props = JSON.parse(
      doc.querySelector('[data-island="quote-form"]')?.getAttribute("data-props") ?? "{}",
    ) as { replyHours?: unknown; privacyPolicyPath?: unknown };
    expect(props.replyHours).toEqual(expect.any(Number));
    expect(props.privacyPolicyPath).toBe("/politique-confidentialite");
  });
});

describe("the hero's illustration", () => {
  const doc = parse(htmlOf("index.html"));

  it("is asked for early only where it stands in the first screen, beside the text", () => {
    const preload = doc.head.querySelector('link[rel="preload"][as="image"]');
    expect(preload?.getAttribute("media")).toBe("(min-width: 960px)");
    expect(preload?.getAttribute("fetchpriority")).toBe("high");
    // On phones it comes after the text, below the fold.
    expect(doc.querySelector("main picture img")?.getAttribute("loading")).toBe("lazy");
  });
});
