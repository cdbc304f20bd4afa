import path from "node:path";
import type { GatsbyNode } from "gatsby";
import { buildIslands } from "./build-islands";
import { getLocalIdent } from "./css-class-names";

// Pages are Gatsby's HTML without Gatsby's browser runtime (gatsby-plugin-no-javascript-utils
// leaves its scripts out): what moves on a page is an island, built here before Gatsby's own
// bundles (onPreBuild) and named in every page's head by gatsby-ssr.tsx.

type LoaderUse = { loader?: string; options?: { modules?: unknown } };
type WebpackRule = { use?: LoaderUse[] | LoaderUse; oneOf?: WebpackRule[]; rules?: WebpackRule[] };

let inlineStart: string | undefined;

export const onPreBuild: GatsbyNode["onPreBuild"] = async ({ reporter }) => {
  const islands = await buildIslands(path.resolve("public"));
  inlineStart = islands.inlineStart;
  const sizes = [...islands.files].map(([file, bytes]) => `${file} ${bytes} B`).join(", ");
  reporter.info(
    `public/islands/: ${sizes}; inline in every page: ${Buffer.byteLength(inlineStart)} B`,
  );
};

/** Gives every css-loader that compiles CSS Modules the islands' naming (css-class-names.ts). */
function nameClassesAsIslands(rules: WebpackRule[]): void {
  for (const rule of rules) {
    const uses = Array.isArray(rule.use) ? rule.use : rule.use ? [rule.use] : [];
    for (const use of uses) {
      const modules = use.options?.modules;
      if (use.loader?.includes("css-loader") && modules && typeof modules === "object") {
        Object.assign(modules, { getLocalIdent });
      }
    }
    nameClassesAsIslands([...(rule.oneOf ?? []), ...(rule.rules ?? [])]);
  }
}

/**
 * The production builds name CSS Modules classes as the islands do, since an island hydrates HTML
 * that Gatsby rendered (`gatsby develop` keeps Gatsby's readable names and its own runtime); the
 * page renderer learns the code every page runs inline.
 */
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({
  stage,
  getConfig,
  actions,
  plugins,
}) => {
  if (stage !== "build-javascript" && stage !== "build-html") return;
  const config = getConfig() as { module: { rules: WebpackRule[] } };
  nameClassesAsIslands(config.module.rules);
  actions.replaceWebpackConfig(config);
  if (stage === "build-html") {
    if (!inlineStart) throw new Error("The islands were not built before the pages (onPreBuild)");
    actions.setWebpackConfig({
      plugins: [plugins.define({ __ISLANDS_INLINE_START__: JSON.stringify(inlineStart) })],
    });
  }
};
