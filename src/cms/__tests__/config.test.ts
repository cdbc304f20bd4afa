/** @jest-environment node */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import type { CmsCollection, CmsField } from "../cms-types";
import { checkFrontmatter } from "../../shared/content-model/check";
import { wholeValue } from "../../shared/content-model/fields";
import { contentKinds, type ContentKind } from "../../shared/content-model/kinds";
import { frenchPhone } from "../../shared/content-model/patterns";
import { cmsConfig, collections } from "../config";
import { cmsSettings } from "../settings";

// The admin's configuration as Decap reads it: one collection per kind of content, whose form
// takes the real files of `content/` as they are and refuses what the build refuses.

const root = path.resolve(__dirname, "../../..");

type Field = CmsField & {
  min?: number;
  max?: number;
  value_type?: string;
  options?: string[];
  fields?: Field[];
  field?: Field;
};
type Entry = Record<string, unknown>;

const isEntry = (value: unknown): value is Entry =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);

/** What Decap's form would refuse in one value, as its field's rules say; one line each. */
function refusalsOf(field: Field, value: unknown, where: string): string[] {
  if (value === undefined || value === null || value === "") {
    return field.required === false ? [] : [`${where}: required`];
  }
  switch (field.widget) {
    case "string":
    case "text":
    case "markdown":
      if (typeof value !== "string") return [`${where}: not a text`];
      if (field.pattern && !new RegExp(field.pattern[0]).test(value)) {
        return [`${where}: ${field.pattern[1]}`];
      }
      return [];
    case "number": {
      const fits =
        typeof value === "number" &&
        (field.value_type !== "int" || Number.isInteger(value)) &&
        value >= (field.min ?? -Infinity) &&
        value <= (field.max ?? Infinity);
      return fits ? [] : [`${where}: ${String(value)} is no ${field.value_type} in bounds`];
    }
    case "select":
      return field.options?.includes(value as string) ? [] : [`${where}: not an option`];
    case "datetime": {
      const day = value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
      return /^\d{4}-\d{2}-\d{2}$/.test(day) ? [] : [`${where}: not a YYYY-MM-DD day`];
    }
    case "object":
      return isEntry(value)
        ? refusals(field.fields ?? [], value, where)
        : [`${where}: not a group`];
    case "list": {
      if (!Array.isArray(value)) return [`${where}: not a list`];
      const tooFew = value.length < (field.min ?? 0) ? [`${where}: fewer than ${field.min}`] : [];
      return value.reduce<string[]>((problems, item, index) => {
        const at = `${where}[${index}]`;
        if (field.field) return [...problems, ...refusalsOf(field.field, item, at)];
        if (!isEntry(item)) return [...problems, `${at}: not a group`];
        return [...problems, ...refusals(field.fields ?? [], item, at)];
      }, tooFew);
    }
    default:
      return [`${where}: widget ${String(field.widget)}, unknown to this test`];
  }
}

/** Every refusal in an entry, and every value of it the form has no field for. */
function refusals(fields: Field[], entry: Entry, where: string): string[] {
  const names = new Set(fields.map((field) => field.name));
  const unshown = Object.keys(entry)
    .filter((name) => !names.has(name))
    .map((name) => `${where}.${name}: no field in the admin`);
  return [
    ...unshown,
    ...fields.flatMap((field) => refusalsOf(field, entry[field.name], `${where}.${field.name}`)),
  ];
}

const kinds = Object.keys(contentKinds) as ContentKind[];

function collectionFor(kind: ContentKind): CmsCollection {
  const collection = collections.find((candidate) => candidate.name === kind);
  if (!collection) throw new Error(`no admin collection for content/${kind}`);
  return collection;
}

/** The form of a kind's entries, and the files of `content/` it edits. */
function formOf(kind: ContentKind): { fields: Field[]; files: string[] } {
  const { folder, files, fields } = collectionFor(kind);
  if (folder) {
    const names = readdirSync(path.join(root, folder)).filter((name) => name.endsWith(".md"));
    return { fields: fields as Field[], files: names.map((name) => `${folder}/${name}`) };
  }
  const [file] = files ?? [];
  if (!file) throw new Error(`${kind}: neither a folder nor a file`);
  return { fields: file.fields as Field[], files: [file.file] };
}

/** A file of `content/` as the admin opens it: its frontmatter, and its text as `body`. */
function entryIn(file: string, fields: Field[]): Entry {
  const { data, content } = matter(readFileSync(path.join(root, file), "utf8"));
  const entry: Entry = structuredClone(data);
  if (fields.some((field) => field.name === "body")) entry.body = content.trim();
  return entry;
}

describe("the admin configuration", () => {
  it("has one collection per kind of content, and no other", () => {
    expect(collections.map((collection) => collection.name).sort()).toEqual([...kinds].sort());
  });

  it.each(kinds)("opens every file of content/%s as it is, without a refusal", (kind) => {
    const { fields, files } = formOf(kind);
    expect(files).not.toEqual([]);
    for (const file of files) expect(refusals(fields, entryIn(file, fields), file)).toEqual([]);
  });

  it("asks for a schema field's pattern, saying in French what it expects", () => {
    const phone = formOf("company").fields.find((field) => field.name === "phone");
    expect(phone?.pattern).toEqual([
      wholeValue(frenchPhone, true).source,
      "Attendu : un numéro de téléphone français (par exemple 01 23 45 67 89).",
    ]);
  });

  // One mistake each in a real file: the build's check and the admin's form both refuse it.
  it.each<[ContentKind, string, (entry: Entry) => void, string]>([
    ["company", "content/company/company.md", (e) => (e.phone = "01 23"), "phone"],
    ["company", "content/company/company.md", (e) => delete e.name, "name"],
    ["figures", "content/figures/figures.md", (e) => (e.recoveryRate = 120), "recoveryRate"],
    ["figures", "content/figures/figures.md", (e) => (e.casesPerMonth = 3.5), "casesPerMonth"],
    [
      "figures",
      "content/figures/figures.md",
      (e) => ((e.sources as Entry[])[0]!.figures = ["ratio"]),
      "sources[0].figures[0]",
    ],
    [
      "testimonials",
      "content/testimonials/01-directrice-clientele.md",
      (e) => (e.order = 0),
      "order",
    ],
    ["legal", "content/legal/mentions-legales.md", (e) => (e.path = "Mentions"), "path"],
    [
      "legal",
      "content/legal/mentions-legales.md",
      (e) => (e.updatedAt = "20/01/2025"),
      "updatedAt",
    ],
    [
      "accessibility",
      "content/accessibility/accessibilite.md",
      (e) => (e.state = "conforme"),
      "state",
    ],
    [
      "accessibility",
      "content/accessibility/accessibilite.md",
      (e) => (e.auditRate = 150),
      "auditRate",
    ],
    [
      "landing",
      "content/landing/landing.md",
      (e) => ((e.hero as Entry).image = "../images/hero.gif"),
      "hero.image",
    ],
    [
      "tenants",
      "content/tenants/locataires.md",
      (e) => (e.landingNotice = "Une ligne"),
      "landingNotice",
    ],
  ])("%s: %s with a wrong %s", (kind, file, spoil, where) => {
    const { fields } = formOf(kind);
    const entry = entryIn(file, fields);
    const { body, ...frontmatter } = entry;
    expect(checkFrontmatter(kind, frontmatter, file)).toEqual([]);
    spoil(frontmatter);
    expect(checkFrontmatter(kind, frontmatter, file)).not.toEqual([]);
    expect(refusals(fields, { ...frontmatter, ...(body !== undefined && { body }) }, file)).toEqual(
      [expect.stringMatching(new RegExp(`^${file}\\.${where.replace(/[.[\]]/g, "\\$&")}: `))],
    );
  });

  it("opens in French, with drafts and reviews, saving through decap-server on the port `npm run cms` uses", () => {
    const config = cmsConfig(cmsSettings({ CMS_PORT: "8123" }));
    expect(config.locale).toBe("fr");
    expect(config.publish_mode).toBe("editorial_workflow");
    expect(config.local_backend).toEqual({ url: "http://localhost:8123/api/v1" });
    // Without a repository, the local backend alone.
    expect(config.backend).toEqual({
      name: "proxy",
      proxy_url: "http://localhost:8123/api/v1",
      branch: "main",
    });
  });
});

describe("cmsSettings", () => {
  it("uses GitHub when a repository is named, signing in through the site's own endpoint", () => {
    expect(cmsSettings({ CMS_REPO: "hestia/site" })).toEqual({
      backend: {
        name: "github",
        branch: "main",
        repo: "hestia/site",
        auth_endpoint: "api/cms/auth",
        preview_context: "deploy/apercu",
      },
      localBackendUrl: "http://localhost:8081/api/v1",
    });
  });

  it("reaches a GitHub Enterprise Server's API", () => {
    expect(
      cmsSettings({ CMS_REPO: "hestia/site", CMS_GITHUB_URL: "https://github.hestia.fr" }).backend
        .api_root,
    ).toBe("https://github.hestia.fr/api/v3");
  });

  it("names an OAuth server of one's own instead", () => {
    expect(
      cmsSettings({
        CMS_BACKEND: "github",
        CMS_REPO: "hestia/site",
        CMS_AUTH_URL: "https://auth.exemple.fr",
      }).backend,
    ).toEqual({
      name: "github",
      branch: "main",
      repo: "hestia/site",
      base_url: "https://auth.exemple.fr",
      preview_context: "deploy/apercu",
    });
  });

  it("uses Git Gateway only when named, with a warning that it is deprecated", () => {
    const settings = cmsSettings({ CMS_BACKEND: "git-gateway" });
    expect(settings.backend).toEqual({ name: "git-gateway", branch: "main" });
    expect(settings.warning).toMatch(/^CMS_BACKEND=git-gateway : Git Gateway .* dépréciés/);
  });

  it("signs in to GitLab from the browser alone with an application id", () => {
    expect(
      cmsSettings({
        CMS_BACKEND: "gitlab",
        CMS_REPO: "hestia/site",
        CMS_APP_ID: "abc",
        CMS_BRANCH: "prod",
      }).backend,
    ).toEqual({
      name: "gitlab",
      branch: "prod",
      repo: "hestia/site",
      app_id: "abc",
      auth_type: "pkce",
    });
  });

  it.each([
    [
      { CMS_BACKEND: "bitbucket" },
      "CMS_BACKEND=bitbucket : attendu local, github, gitlab, git-gateway",
    ],
    [
      { CMS_BACKEND: "github" },
      "CMS_BACKEND=github demande CMS_REPO (par exemple mon-organisation/site)",
    ],
  ])("refuses %p", (env, message) => {
    expect(() => cmsSettings(env)).toThrow(message);
  });
});
