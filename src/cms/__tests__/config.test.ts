/** @jest-environment node */
import type { CmsCollection, CmsField } from "../cms-types";
import { validate, type Struct } from "superstruct";
import { bodyOf, contentKinds, type ContentKind } from "../../shared/content-model/kinds";
import { constraintsOf } from "../../shared/content-model/fields";
import { cmsConfig, collections } from "../config";
import { cmsSettings } from "../settings";

// The admin's form and the build's schema must accept the same content: a value the admin
// saves must never fail the build, and the admin must ask for every field the build needs.

type AnyStruct = Struct<unknown, unknown>;
type Field = CmsField & {
  widget?: string;
  fields?: Field[];
  field?: Field;
  min?: number;
  max?: number;
  value_type?: string;
  options?: string[];
  format?: string;
  pattern?: [string, string];
};

/** Where each collection's files live: `content/<kind>/`. */
function folderOf(collection: CmsCollection): string | undefined {
  const files = collection.files?.map((file) => file.file.split("/").slice(0, -1).join("/"));
  return collection.folder ?? files?.[0];
}

function collectionFor(kind: ContentKind): { collection: CmsCollection; fields: Field[] } {
  const collection = collections.find((candidate) => folderOf(candidate) === `content/${kind}`);
  if (!collection) throw new Error(`no admin collection for content/${kind}`);
  const fields = (collection.fields ?? collection.files?.[0]?.fields ?? []) as Field[];
  return { collection, fields };
}

const isRequired = (struct: AnyStruct) => validate(undefined, struct)[0] !== undefined;

/** Every disagreement between a schema and the admin's fields, as readable lines. */
function compare(struct: AnyStruct, field: Field, path: string): string[] {
  const problems: string[] = [];
  const required = field.required !== false;
  if (required !== isRequired(struct)) problems.push(`${path}: required ${required}`);

  if (struct.type === "object") {
    if (field.widget !== undefined && field.widget !== "object") {
      problems.push(`${path}: widget ${field.widget}, expected object`);
    }
    return [...problems, ...compareFields(struct, field.fields ?? [], path)];
  }
  if (struct.type === "array") {
    if (field.widget !== "list")
      return [...problems, `${path}: widget ${field.widget}, expected list`];
    const item = struct.schema as AnyStruct;
    if (item.type === "object")
      return [...problems, ...compareFields(item, field.fields ?? [], `${path}[]`)];
    if (!field.field) return [...problems, `${path}: a list of single values needs \`field\``];
    return [...problems, ...compare(item, field.field, `${path}[]`)];
  }

  const rules = constraintsOf(struct);
  if (!rules)
    return [...problems, `${path}: the schema's type ${struct.type} has no known constraints`];
  switch (rules.kind) {
    case "text":
      if (!["string", "text"].includes(field.widget ?? "string")) {
        problems.push(`${path}: widget ${field.widget}, expected string or text`);
      }
      if (field.pattern?.[0] !== rules.pattern?.source) {
        problems.push(`${path}: pattern ${field.pattern?.[0]}, expected ${rules.pattern?.source}`);
      }
      break;
    case "number":
      if (field.widget !== "number")
        problems.push(`${path}: widget ${field.widget}, expected number`);
      if (field.value_type !== (rules.integer ? "int" : "float")) {
        problems.push(`${path}: value_type ${field.value_type}`);
      }
      if (field.min !== rules.min)
        problems.push(`${path}: min ${field.min}, expected ${rules.min}`);
      if (field.max !== rules.max)
        problems.push(`${path}: max ${field.max}, expected ${rules.max}`);
      break;
    case "date":
      if (field.widget !== "datetime" || field.format !== "YYYY-MM-DD") {
        problems.push(`${path}: expected a datetime widget saving YYYY-MM-DD`);
      }
      break;
    case "choice":
      if (field.widget !== "select")
        problems.push(`${path}: widget ${field.widget}, expected select`);
      if (JSON.stringify(field.options) !== JSON.stringify(rules.options)) {
        problems.push(`${path}: options ${JSON.stringify(field.options)}`);
      }
      break;
  }
  return problems;
}

function compareFields(struct: AnyStruct, fields: Field[], path: string): string[] {
  const schema = struct.schema as Record<string, AnyStruct>;
  const names = fields.map((field) => field.name);
  const problems: string[] = [];
  for (const name of Object.keys(schema)) {
    if (!names.includes(name)) problems.push(`${path}.${name}: missing from the admin`);
  }
  for (const field of fields) {
    const inner = schema[field.name];
    if (!inner) problems.push(`${path}.${field.name}: not in the schema`);
    else problems.push(...compare(inner, field, `${path}.${field.name}`));
  }
  return problems;
}

const kinds = Object.keys(contentKinds) as ContentKind[];

describe("the admin configuration", () => {
  it("has one collection per kind of content, and no other", () => {
    expect(collections.map(folderOf).sort()).toEqual(kinds.map((kind) => `content/${kind}`).sort());
  });

  it.each(kinds)("agrees with the schema of content/%s field by field", (kind) => {
    const { fields } = collectionFor(kind);
    const body = fields.find((field) => field.name === "body");
    const frontmatter = fields.filter((field) => field !== body);
    expect(compareFields(contentKinds[kind].schema as AnyStruct, frontmatter, kind)).toEqual([]);
  });

  it.each(kinds)(
    "asks for the text under the frontmatter of content/%s when the site shows it",
    (kind) => {
      const body = collectionFor(kind).fields.find((field) => field.name === "body");
      if (bodyOf(kind)) {
        expect(body).toMatchObject({ name: "body" });
        expect(body?.required).not.toBe(false);
      } else {
        expect(body).toBeUndefined();
      }
    },
  );

  it.each(kinds)("gives every field of content/%s a French label", (kind) => {
    const unlabelled: string[] = [];
    const walk = (fields: Field[], path: string) => {
      for (const field of fields) {
        if (!field.label) unlabelled.push(`${path}.${field.name}`);
        walk(field.fields ?? [], `${path}.${field.name}`);
        if (field.field) walk([field.field], `${path}.${field.name}`);
      }
    };
    walk(collectionFor(kind).fields, kind);
    expect(unlabelled).toEqual([]);
  });

  it("lets a files collection hold exactly the one file its kind allows", () => {
    for (const kind of kinds) {
      const { collection } = collectionFor(kind);
      if (contentKinds[kind].single) {
        expect(collection.files).toHaveLength(1);
        expect(collection.create).toBeFalsy();
      } else {
        expect(collection.folder).toBe(`content/${kind}`);
      }
    }
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
