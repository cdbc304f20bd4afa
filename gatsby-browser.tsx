// Browser-side wiring for `gatsby develop`, where Gatsby's runtime renders every page: head
// management and the shared layout. Production pages load no Gatsby runtime; what moves on them
// is an island (src/islands/first-load.ts).
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
