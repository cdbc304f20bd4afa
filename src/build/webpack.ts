import path from "node:path";
import type { GatsbyNode } from "gatsby";
import { compileHint, onDemandBundle } from "./compile-hint";

type LoaderUse = { loader?: string; options?: { modules?: unknown } };
type WebpackRule = { use?: LoaderUse[] | LoaderUse; oneOf?: WebpackRule[]; rules?: WebpackRule[] };
type WebpackConfig = {
  module: { rules: WebpackRule[] };
  plugins: { constructor: { name: string }; options?: object }[];
  optimization?: { splitChunks?: { cacheGroups?: Record<string, unknown> } };
  resolve: { alias?: Record<string, string | false> };
};

/** onCreateWebpackConfig: the changes to Gatsby's webpack configuration, each with its reason. */
export const adjustWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({
  stage,
  getConfig,
  actions,
  plugins,
}) => {
  if (!["build-javascript", "build-html", "develop"].includes(stage)) return;
  const config = getConfig() as WebpackConfig;
  // In the production HTML and CSS, CSS Modules class names are short hashes rather than
  // Gatsby's "hero-module--lead--5bb7b": the landing page's HTML then fits in the first round
  // trip of a new connection (about 14 kB, docs/performance.md "Budgets"). The server
  // (build-html) and browser (build-javascript) builds hash the same file and class alike;
  // `gatsby develop` keeps the readable names.
  if (stage !== "develop") shortenCssModuleClassNames(config.module.rules);
  if (stage === "build-html") {
    actions.replaceWebpackConfig(config);
    return;
  }
  // Every component's CSS is a module with its own class names, so the order in which
  // mini-css-extract-plugin joins them into one stylesheet does not matter: its "conflicting
  // order" warnings would only hide real ones.
  for (const plugin of config.plugins) {
    if (plugin.constructor.name === "MiniCssExtractPlugin" && plugin.options) {
      Object.assign(plugin.options, { ignoreOrder: true });
    }
  }
  // Gatsby gathers every page's CSS into one stylesheet, inlined into every page: a legal page
  // would carry all the landing page's section styles. Without that group, each page inlines
  // the CSS of the components it renders, and the layout's CSS goes with the app bundle.
  const cacheGroups = config.optimization?.splitChunks?.cacheGroups;
  if (stage === "build-javascript" && cacheGroups) delete cacheGroups.styles;
  // The compile hint (src/build/compile-hint.ts), on the bundles that run at load. Added after
  // minification (webpack's asset stage 400, which would strip the comment) and before the source
  // maps (stage 500), which then count its line.
  if (stage === "build-javascript") {
    config.plugins.push(
      plugins.banner({
        banner: compileHint,
        raw: true,
        test: /\.js$/,
        exclude: onDemandBundle,
        stage: 450,
      }),
    );
  }
  // The head is the server's (src/start-up/head-from-server.tsx): in the production bundles,
  // react-helmet-async is a stand-in that renders nothing.
  if (stage === "build-javascript") {
    config.resolve.alias = {
      ...config.resolve.alias,
      "react-helmet-async$": path.resolve("src/start-up/head-from-server.tsx"),
    };
  }
  actions.replaceWebpackConfig(config);
};

/** Gives every css-loader that compiles CSS Modules a short hashed class-name pattern. */
function shortenCssModuleClassNames(rules: WebpackRule[]) {
  for (const rule of rules) {
    const uses = Array.isArray(rule.use) ? rule.use : rule.use ? [rule.use] : [];
    for (const use of uses) {
      const modules = use.options?.modules;
      if (use.loader?.includes("css-loader") && modules && typeof modules === "object") {
        // Six letters (base 52: never a digit first, nothing to escape), 34 bits per class:
        // no collision among a few hundred classes.
        Object.assign(modules, { localIdentName: "[hash:base52:6]" });
      }
    }
    shortenCssModuleClassNames([...(rule.oneOf ?? []), ...(rule.rules ?? [])]);
  }
}
