import type { GatsbySSR } from "gatsby";
import React from "react";

// Set by gatsby-node.ts when the islands are built (production builds); absent otherwise.
declare const __ISLANDS_INLINE_START__: string | undefined;

/**
 * Every page's one script element, inline (src/islands/inline-start.ts): it fetches the start-up
 * script, which brings each island on the page to life, once the page's content is on screen.
 * Inline, it costs no request; its hash is in the page's Content-Security-Policy
 * (src/build/security-headers.ts).
 */
export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHeadComponents }) => {
  if (typeof __ISLANDS_INLINE_START__ !== "string") return;
  setHeadComponents([
    <script key="islands" dangerouslySetInnerHTML={{ __html: __ISLANDS_INLINE_START__ }} />,
  ]);
};
