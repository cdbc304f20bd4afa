import type { GatsbySSR } from "gatsby";
import React from "react";

// Set by gatsby-node.ts when the islands are built (production builds); absent otherwise.
declare const __ISLANDS_START_SCRIPT__: string | undefined;

/**
 * Every page's one script: a module, so it runs once the HTML is parsed and never holds up the
 * first paint; it brings each island on the page to life (src/islands/first-load.ts). Fetched at
 * low priority: the page is whole without it, and the font and the hero image come first.
 */
export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHeadComponents }) => {
  if (typeof __ISLANDS_START_SCRIPT__ !== "string") return;
  setHeadComponents([
    // Lower-case, as React 18 passes attributes it does not know (React 19 knows fetchPriority).
    <script
      key="islands"
      type="module"
      src={__ISLANDS_START_SCRIPT__}
      {...{ fetchpriority: "low" }}
    />,
  ]);
};
