// Browser-side wrappers: state, head management and the shared layout.
import type { GatsbyBrowser } from "gatsby";
import React from "react";
import { HelmetProvider } from "react-helmet-async";
import Layout from "./src/components/layout/layout";
import RootElement from "./src/root-element";

export const wrapRootElement: GatsbyBrowser["wrapRootElement"] = ({ element }) => (
  <HelmetProvider>
    <RootElement>{element}</RootElement>
  </HelmetProvider>
);

export const wrapPageElement: GatsbyBrowser["wrapPageElement"] = ({ element }) => (
  <Layout>{element}</Layout>
);
