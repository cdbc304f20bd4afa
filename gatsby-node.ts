// Gatsby's Node APIs, wired to the build's jobs in src/build/ (one module each): typed nodes
// from content/, the declared schema, the legal pages' HTML, the content checks and the pages,
// the favicon, and the finishing of the built site. What adapts Gatsby itself (the islands, the
// pages' CSS) is in local plugins under plugins/, named in gatsby-config.ts.
import type { GatsbyNode } from "gatsby";
import { createContentNode } from "./src/build/content-nodes";
import { drawFavicon } from "./src/build/draw-favicon";
import { finishBuild } from "./src/build/finish-pages";
import { resolveLegalHtml } from "./src/build/legal-html";
import { createSitePages } from "./src/build/pages";
import { declareSchema } from "./src/build/schema";

export const onCreateNode: GatsbyNode["onCreateNode"] = createContentNode;
export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = declareSchema;
export const createResolvers: GatsbyNode["createResolvers"] = resolveLegalHtml;
export const createPages: GatsbyNode["createPages"] = createSitePages;
export const onPostBootstrap: GatsbyNode["onPostBootstrap"] = drawFavicon;
export const onPostBuild: GatsbyNode["onPostBuild"] = finishBuild;
