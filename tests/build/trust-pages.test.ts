import { readFileSync } from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import { siteUrl } from "../../src/shared/site-url";

// What a public buyer, a tenant and a lawyer read in the built pages: the accessibility statement
// and the tenants' page, each with the head its content file gives; the footer's mention of the
// accessibility state on every page; the regulated claims' proofs in the legal notice; the
// figures' period and source under the figures. See docs/compliance.md.

const root = path.resolve(__dirname, "../..");
const origin = siteUrl(process.env.SITE_URL);
const content = (file: string) =>
  matter(readFileSync(path.join(root, "content", file), "utf8")).data as Record<string, unknown>;
const built = (file: string) =>
  new DOMParser().parseFromString(
    readFileSync(path.join(root, "public", file), "utf8"),
    "text/html",
  );
const textOf = (element: Element | null | undefined) =>
  (element?.textContent ?? "").replace(/\s+/g, " ").trim();

const company = content("company/company.md") as Record<string, string>;
const statement = content("accessibility/accessibilite.md");
const tenants = content("tenants/locataires.md");

describe.each([
  ["accessibilite/index.html", statement],
  ["locataires/index.html", tenants],
])("%s", (file, data) => {
  const page = built(file);

  it("has the title, description and canonical link its content file gives", () => {
    expect(page.title).toBe(`${String(data.title)} | ${company.name}`);
    expect(page.querySelector('meta[name="description"]')?.getAttribute("content")).toBe(
      data.description,
    );
    expect(page.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(
      `${origin}${String(data.path)}`,
    );
    expect(textOf(page.querySelector("main h1"))).toBe(data.title);
  });

  it("leaves no token unfilled", () => {
    expect(page.body.textContent).not.toMatch(/\{\{/);
  });
});

describe("the accessibility statement", () => {
  const page = built("accessibilite/index.html");
  const headings = [...page.querySelectorAll("main h2")].map(textOf);

  it("follows the model's sections, in order", () => {
    expect(headings).toEqual([
      "État de conformité",
      "Résultats des tests",
      "Contenus non accessibles",
      "Établissement de cette déclaration",
      "Retour d’information et contact",
      "Voies de recours",
    ]);
  });

  it("opens on the commitment, then the state of conformity", () => {
    const text = textOf(page.querySelector("main"));
    expect(text.indexOf("s’engage à rendre son site internet accessible")).toBeGreaterThan(0);
    expect(text.indexOf("s’engage à rendre son site internet accessible")).toBeLessThan(
      text.indexOf("État de conformité"),
    );
  });

  it("states the state its content gives, and that no audit was made", () => {
    expect(statement.state).toBe("non conforme");
    expect(textOf(page.querySelector("main section"))).toContain(
      `est non conforme avec le référentiel général d'amélioration de l'accessibilité (RGAA)`,
    );
    expect(textOf(page.querySelector("main"))).toContain("Aucun audit de conformité");
  });

  it("gives the Défenseur des droits' free postal address", () => {
    expect(textOf(page.querySelector("main"))).toContain(
      "Défenseur des droits, Libre réponse 71120, 75342 Paris CEDEX 07",
    );
  });
});

describe("the tenants' page", () => {
  const page = built("locataires/index.html");
  const main = textOf(page.querySelector("main"));

  it("shows no form: a tenant is not asked for a quote", () => {
    expect(page.querySelector("main form")).toBeNull();
  });

  it("gives the company's phone and email to reach it", () => {
    const links = [...page.querySelectorAll("main aside a")].map((a) => a.getAttribute("href"));
    expect(links).toEqual(expect.arrayContaining([`mailto:${company.email}`]));
    expect(links.some((href) => href?.startsWith("tel:+33"))).toBe(true);
  });

  it.each(["CAF ou MSA", "FSL", "CCAPEX", "0 805 16 00 75", "CCAS", "Banque de France"])(
    "points to help: %s",
    (help) => {
      expect(main).toContain(help);
    },
  );
});

describe.each(["index.html", "mentions-legales/index.html", "locataires/index.html"])(
  "the footer of %s",
  (file) => {
    const footer = built(file).querySelector("footer");
    const link = (name: string) =>
      [...(footer?.querySelectorAll("a") ?? [])].find((a) => textOf(a) === name);

    it("says the accessibility state and links to the statement", () => {
      expect(link(`Accessibilité : ${String(statement.state)}`)?.getAttribute("href")).toBe(
        statement.path,
      );
    });

    it("links to the tenants' page", () => {
      expect(link("Vous êtes locataire ?")?.getAttribute("href")).toBe(tenants.path);
    });
  },
);

describe("the landing page", () => {
  const page = built("index.html");
  const main = page.querySelector("main");

  it("offers tenants their page before the hero's title", () => {
    const notice = (tenants.landingNotice ?? {}) as Record<string, string>;
    const first = main?.querySelector("a");
    expect(textOf(first)).toBe(notice.link);
    expect(first?.getAttribute("href")).toBe(tenants.path);
    expect(textOf(first?.parentElement)).toBe(`${notice.text} ${notice.link}`);
  });

  it("notes each figure source's period and source under the figures", () => {
    const figures = content("figures/figures.md");
    const text = textOf(main);
    for (const source of figures.sources as Record<string, string>[]) {
      expect(text).toContain(`${source.label} : ${source.period}, ${source.source}.`);
    }
  });

  it("words its claims as the law words them", () => {
    const text = textOf(main);
    expect(text).toContain("compte bancaire dédié, exclusivement affecté aux fonds de nos clients");
    expect(text).toContain("déclaré au procureur de la République");
    expect(text).not.toMatch(/séquestre|sous carte G/i);
  });
});

describe("the legal notice", () => {
  const items = [...built("mentions-legales/index.html").querySelectorAll("main li")].map(textOf);

  it.each([
    ["Déclaration préalable", "prosecutorDeclarationDate"],
    ["Assurance de responsabilité civile professionnelle", "insurancePolicy"],
    ["Assurance de responsabilité civile professionnelle", "insurer"],
    ["Compte bancaire dédié", "dedicatedAccountBank"],
  ])("shows « %s » with the company's %s", (label, key) => {
    const value = company[key] ?? "";
    expect(items.some((item) => item.startsWith(label) && item.includes(value))).toBe(true);
  });
});
