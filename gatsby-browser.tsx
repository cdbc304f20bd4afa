// Browser-side wrappers: head management and the shared layout.
import type { GatsbyBrowser } from "gatsby";
import React, { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { HelmetProvider } from "react-helmet-async";
import Layout from "./src/components/layout/layout";
import { beginFirstHydration, endFirstHydration } from "./src/lib/first-hydration";

export const wrapRootElement: GatsbyBrowser["wrapRootElement"] = ({ element }) => (
  <HelmetProvider>{element}</HelmetProvider>
);

export const wrapPageElement: GatsbyBrowser["wrapPageElement"] = ({ element }) => (
  <Layout>{element}</Layout>
);

// Gatsby hydrates the whole page in one task, which blocks input for as long as the landing page
// takes to hydrate on a slow phone. As a transition, React hydrates in slices of a few
// milliseconds and lets the browser answer the visitor in between. (Gatsby's type for this API is
// react-dom's legacy renderer, hence no GatsbyBrowser annotation.)
export const replaceHydrateFunction = () => (element: React.ReactElement, container: Element) => {
  if (!container.hasChildNodes()) {
    createRoot(container).render(element);
    return;
  }
  beginFirstHydration();
  startTransition(() => {
    hydrateRoot(container, element);
  });
};

// Gatsby runs this once the first render is committed: anything rendered from now on is new.
export const onInitialClientRender: GatsbyBrowser["onInitialClientRender"] = () => {
  endFirstHydration();
};
