import type React from "react";

// Step 7 of the first load (see first-load.ts). Every link between pages is a plain `<a>`: each
// page is a fresh load of its own static HTML, whose head gatsby-ssr.tsx wrote from the page's
// `Seo` (react-helmet-async). In the browser the head never has to change, so the production
// bundles get this stand-in for react-helmet-async (src/build/webpack.ts): about 4.5 kB
// compressed that only rewrote the head with what the server already put there. `Helmet`
// renders nothing in the server's HTML either, so the hydration sees the same tree.
// `gatsby develop` renders in the browser alone and keeps the real library.
//
// `Seo` itself stays in the browser bundle: Gatsby gives the server renderer only the static
// queries the browser bundle of a page uses, and `Seo` reads the site's (its social image).

/** Stands in for react-helmet-async's `Helmet`: the head is the server's. */
export function Helmet(): null {
  return null;
}

/** Stands in for react-helmet-async's provider (gatsby-browser.tsx). */
export function HelmetProvider({ children }: { children: React.ReactNode }) {
  return children;
}
