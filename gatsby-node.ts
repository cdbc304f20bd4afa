// Gatsby's Node APIs, wired to the build's jobs in src/build/ (one module each): typed nodes
// from content/, the declared schema, the legal pages' HTML, the content checks and the pages,
// webpack's configuration, the favicon, and the finishing of the built site.
import type { GatsbyNode } from "gatsby";
import { createContentNode } from "./src/build/content-nodes";
import { drawFavicon } from "./src/build/draw-favicon";
import { finishBuild } from "./src/build/finish-pages";
import { resolveLegalHtml } from "./src/build/legal-html";
import { createSitePages } from "./src/build/pages";
import { declareSchema } from "./src/build/schema";
import { adjustWebpackConfig } from "./src/build/webpack";

export const onCreateNode: GatsbyNode["onCreateNode"] = createContentNode;
export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = declareSchema;
export const createResolvers: GatsbyNode["createResolvers"] = resolveLegalHtml;
export const createPages: GatsbyNode["createPages"] = createSitePages;
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = adjustWebpackConfig;
export const onPostBootstrap: GatsbyNode["onPostBootstrap"] = drawFavicon;
export const onPostBuild: GatsbyNode["onPostBuild"] = finishBuild;
