import path from "node:path";
import type { GatsbyNode } from "gatsby";
import { checkContent } from "./content-checks";
import { legalVersionPages } from "./legal-versions";

/**
 * createPages: the content checked first (content-checks.ts), then a page per legal text, the
 * accessibility statement and the tenants' page, each at the `path` its file gives, and `/contact`, the footer's contact link: the landing page, opened at
 * its form. Pages get only their node's `id`; the template queries the rest.
 */
export const createSitePages: GatsbyNode["createPages"] = async (args) => {
  const { actions, graphql, reporter } = args;
  checkContent(args);

  // Typed by hand: Gatsby's type generation reads `graphql()` calls in gatsby-node.ts itself only.
  type PagePath = { id: string; path: string };
  const result = await graphql<{
    allLegalPage: { nodes: (PagePath & { applicableFrom: string | null })[] };
    accessibilityStatement: PagePath | null;
    tenantPage: PagePath | null;
  }>(`
    query ContentPagePaths {
      allLegalPage {
        nodes {
          id
          path
          applicableFrom
        }
      }
      accessibilityStatement {
        id
        path
      }
      tenantPage {
        id
        path
      }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Impossible de lire les pages légales", result.errors);
    return;
  }

  const legalTemplate = path.resolve("src/templates/legal-page.tsx");
  // Each version of a legal page: the newest at its address, former ones at their own.
  for (const { path: pagePath, context } of legalVersionPages(result.data.allLegalPage.nodes)) {
    actions.createPage({ path: pagePath, component: legalTemplate, context });
  }
  const { accessibilityStatement, tenantPage } = result.data;
  if (accessibilityStatement) {
    actions.createPage({
      path: accessibilityStatement.path,
      component: path.resolve("src/templates/accessibility-page.tsx"),
      context: { id: accessibilityStatement.id },
    });
  }
  if (tenantPage) {
    actions.createPage({
      path: tenantPage.path,
      component: path.resolve("src/templates/tenant-page.tsx"),
      context: { id: tenantPage.id },
    });
  }

  actions.createPage({
    path: "/contact",
    component: path.resolve("src/pages/index.tsx"),
    context: { scrollTo: "contact" },
  });
};
