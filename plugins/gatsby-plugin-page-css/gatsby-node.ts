import { readFileSync } from "node:fs";
import path from "node:path";
import type { GatsbyNode } from "gatsby";

/**
 * The stylesheets the browser build just wrote (public/webpack.stats.json, which Gatsby writes for
 * plugins), each named after its content: a list that changes whenever any page's CSS does.
 */
function stylesheetsBuilt(): string {
  const stats = JSON.parse(readFileSync(path.resolve("public/webpack.stats.json"), "utf8")) as {
    assetsByChunkName: Record<string, string[]>;
  };
  return Object.values(stats.assetsByChunkName)
    .flat()
    .filter((file) => file.endsWith(".css"))
    .sort()
    .join(",");
}

/**
 * Gatsby gathers every page's CSS into one stylesheet (its `styles` cache group), which it inlines
 * into every page: a legal page would carry all of the landing page's section styles. Without
 * that group each page inlines the CSS of the components it renders, and the layout's CSS goes
 * with the app's. Every component's CSS is a module with its own class names, so the order in
 * which mini-css-extract-plugin joins them does not matter: its "conflicting order" warnings
 * would only hide real ones.
 *
 * Gatsby renders a page's HTML again only when the server bundle that renders it changed, and a
 * change of CSS alone leaves that bundle as it was: a warm build (every deploy after the first)
 * would keep inlining the stylesheets of the build before. The renderer is given the names of the
 * stylesheets just built (gatsby-ssr.tsx checks there is one), so that any change to them changes
 * it and renders every page again, and nothing else does.
 */
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({
  stage,
  actions,
  plugins,
}) => {
  if (stage === "build-javascript") {
    actions.setWebpackConfig({
      optimization: { splitChunks: { cacheGroups: { styles: false } } },
      ignoreWarnings: [/Conflicting order/],
    });
  }
  // Gatsby builds the pages' renderer once the browser build is written.
  if (stage === "build-html") {
    actions.setWebpackConfig({
      plugins: [plugins.define({ __STYLESHEETS_BUILT__: JSON.stringify(stylesheetsBuilt()) })],
    });
  }
};
