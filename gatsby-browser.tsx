// Browser-side wiring: head management, the shared layout, and the start-up (src/start-up/).
import type { GatsbyBrowser } from "gatsby";
import React from "react";
import { HelmetProvider } from "react-helmet-async";
import Layout from "./src/components/layout/layout";
import { endFirstHydration, hydrateAsTransition } from "./src/start-up/first-load";

export const wrapRootElement: GatsbyBrowser["wrapRootElement"] = ({ element }) => (
  <HelmetProvider>{element}</HelmetProvider>
);

export const wrapPageElement: GatsbyBrowser["wrapPageElement"] = ({ element }) => (
  <Layout>{element}</Layout>
);

// Gatsby types this API with react-dom's legacy renderer, hence no GatsbyBrowser annotation.
export const replaceHydrateFunction = hydrateAsTransition;

export const onInitialClientRender: GatsbyBrowser["onInitialClientRender"] = endFirstHydration;
