import type { GatsbySSR } from "gatsby";

// Set by gatsby-node.ts in production builds: the names of the stylesheets the browser build
// wrote, each named after its content. Being in the pages' renderer, they make a change of CSS
// alone a change of the renderer, after which Gatsby renders every page again.
declare const __STYLESHEETS_BUILT__: string | undefined;

export const onRenderBody: GatsbySSR["onRenderBody"] = () => {
  if (typeof __STYLESHEETS_BUILT__ === "string" && __STYLESHEETS_BUILT__ === "") {
    throw new Error("The browser build wrote no stylesheet for the pages to inline");
  }
};
