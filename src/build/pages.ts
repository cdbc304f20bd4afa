import path from "node:path";
import type { GatsbyNode } from "gatsby";
import { checkContent } from "./content-checks";

/**
 * createPages: the content checked first (content-checks.ts), then a page per legal text at the
 * `path` its file gives, and `/contact`, the footer's contact link: the landing page, opened at
 * its form. Pages get only their node's `id`; the template queries the rest.
 */
export const createSitePages: GatsbyNode["createPages"] = async (args) => {
  const { actions, graphql, reporter } = args;
  checkContent(args);

  // Typed by hand: Gatsby's type generation reads `graphql()` calls in gatsby-node.ts itself only.
  const result = await graphql<{ allLegalPage: { nodes: { id: string; path: string }[] } }>(`
    query LegalPagePaths {
      allLegalPage {
        nodes {
          id
          path
        }
      }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Impossible de lire les pages légales", result.errors);
    return;
  }

  const legalTemplate = path.resolve("src/templates/legal-page.tsx");
  for (const { id, path: pagePath } of result.data.allLegalPage.nodes) {
    actions.createPage({ path: pagePath, component: legalTemplate, context: { id } });
  }

  actions.createPage({
    path: "/contact",
    component: path.resolve("src/pages/index.tsx"),
    context: { scrollTo: "contact" },
  });
};
