/** @jest-environment node */
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import matter from "gray-matter";
import { smallSite, testConfig, testServer } from "../../test-utils/test-server";
import { createSitePages } from "../pages";
import { codeSpan, read, root, tableUnder } from "../../../tests/docs/markdown";

// The routes the documents give are the pages the build makes and the /api/ routes the server
// answers: docs/product.md's pages, with the file each is made from, and docs/api.md's routes,
// with the Gatsby Function that answers each under `npm start`.

// The content's own checks have their tests (content-checks); here only the pages matter.
jest.mock("../content-checks", () => ({ checkContent: () => undefined }));

/** Each content file of a folder, with the `path` its front matter gives. */
const pagesOf = (folder: string) =>
  readdirSync(path.join(root, "content", folder))
    .filter((name) => name.endsWith(".md"))
    .map((name) => {
      const file = `content/${folder}/${name}`;
      return { id: file, path: (matter(read(file)).data as { path: string }).path };
    });

/** Every page createPages makes, by path, with the file it is made from. */
async function builtPages(): Promise<Record<string, string>> {
  // The query's root fields and the content folder each reads; a new one fails here.
  const sources: Record<string, () => unknown> = {
    allLegalPage: () => ({ nodes: pagesOf("legal") }),
    accessibilityStatement: () => pagesOf("accessibility")[0] ?? null,
    tenantPage: () => pagesOf("tenants")[0] ?? null,
  };
  const made: Record<string, string> = {};
  const graphql = async (query: string) => {
    const fields = [...query.matchAll(/^ {6}(\w+) \{/gm)].map((match) => match[1]!);
    expect(fields.filter((field) => !(field in sources))).toEqual([]);
    return { data: Object.fromEntries(fields.map((field) => [field, sources[field]!()])) };
  };
  const createPage = (page: { path: string; component: string; context: { id?: string } }) => {
    made[page.path] = page.context.id ?? path.relative(root, page.component);
  };
  await createSitePages!(
    {
      actions: { createPage },
      graphql,
      reporter: {
        panicOnBuild: (message: string) => {
          throw new Error(message);
        },
      },
    } as never,
    {} as never,
    () => undefined,
  );
  for (const name of readdirSync(path.join(root, "src/pages"))) {
    if (!/\.tsx$/.test(name)) continue;
    const route = name === "index.tsx" ? "/" : name === "404.tsx" ? "any other path" : `/${name}`;
    made[route] = `src/pages/${name}`;
  }
  return made;
}

test("docs/product.md gives every page the build makes, each with the file it is made from", async () => {
  const rows = tableUnder(read("docs/product.md"), (line) => line === "## Routes and sections");
  const documented = Object.fromEntries(
    rows.map((row) => [codeSpan(row.path) ?? row.path, codeSpan(row["made from"]) ?? ""]),
  );
  expect(documented).toEqual(await builtPages());
});

test("docs/api.md gives every /api/ route the server answers, and which are Gatsby Functions", async () => {
  // The server with every route it can have: deploys on (nothing is pushed: only its routes
  // are read), and the inbox.
  const dir = mkdtempSync(path.join(tmpdir(), "docs-routes-"));
  const app = await testServer(
    testConfig(dir, {
      DEPLOY_DIR: path.join(dir, "deploy"),
      DEPLOY_GIT_URL: path.join(dir, "no-repository.git"),
      DEPLOY_WEBHOOK_SECRET: "a-webhook-secret-of-this-test",
      CMS_REPO: "hestia/site",
    }),
    { publicDir: smallSite(dir) },
  );
  await app.ready();
  const served = [...app.printRoutes({ commonPrefix: false }).matchAll(/(\/api\/[\w/-]+)/g)].map(
    (match) => match[1]!.replace(/\/$/, ""),
  );
  await app.close();
  rmSync(dir, { recursive: true, force: true });

  const rows = tableUnder(read("docs/api.md"), (line) => line === "## Routes");
  const documented = rows.map((row) => codeSpan(row.route) ?? "");
  expect([...documented].sort()).toEqual([...new Set(served)].sort());
  for (const row of rows) {
    const route = codeSpan(row.route) ?? "";
    const fn = `src/api/${route.slice("/api/".length)}.ts`;
    expect({ route, fn: codeSpan(row["Gatsby Function"]) ?? null }).toEqual({
      route,
      fn: existsSync(path.join(root, fn)) ? fn : null,
    });
  }
});
