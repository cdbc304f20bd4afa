// Browser-side wrappers: the font, global styles, state, head management and the shared layout.
import "@fontsource-variable/public-sans";
import "./src/styles/global.css";
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
