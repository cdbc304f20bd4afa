// Browser-side wrappers: head management and the shared layout.
import type { GatsbyBrowser } from "gatsby";
import React from "react";
import { HelmetProvider } from "react-helmet-async";
import Layout from "./src/components/layout/layout";

export const wrapRootElement: GatsbyBrowser["wrapRootElement"] = ({ element }) => (
  <HelmetProvider>{element}</HelmetProvider>
);

export const wrapPageElement: GatsbyBrowser["wrapPageElement"] = ({ element }) => (
  <Layout>{element}</Layout>
);
