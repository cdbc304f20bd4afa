import type { GatsbyNode } from "gatsby";

/**
 * Gatsby gathers every page's CSS into one stylesheet (its `styles` cache group), which it inlines
 * into every page: a legal page would carry all of the landing page's section styles. Without
 * that group each page inlines the CSS of the components it renders, and the layout's CSS goes
 * with the app's. Every component's CSS is a module with its own class names, so the order in
 * which mini-css-extract-plugin joins them does not matter: its "conflicting order" warnings
 * would only hide real ones.
 */
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ stage, actions }) => {
  if (stage !== "build-javascript") return;
  actions.setWebpackConfig({
    optimization: { splitChunks: { cacheGroups: { styles: false } } },
    ignoreWarnings: [/Conflicting order/],
  });
};
