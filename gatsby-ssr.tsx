// Server rendering: each page gets its own react-helmet-async context, whose tags go into that
// page's static HTML, so titles and canonical links never leak from one page into another.
import type { GatsbySSR } from "gatsby";
import React from "react";
import { HelmetProvider, type HelmetServerState } from "react-helmet-async";
import frenchFont from "./src/styles/fonts/public-sans-french-wght-400-700.woff2";
import Layout from "./src/components/layout/layout";
import { pageEndId } from "./src/components/site-footer/site-footer";
import { favicon, markIcons, themeColor } from "./src/shared/favicon";

type HelmetContext = { helmet?: HelmetServerState };
const helmetContexts = new Map<string, HelmetContext>();

export const wrapPageElement: GatsbySSR["wrapPageElement"] = ({ element, props }) => {
  const context: HelmetContext = {};
  helmetContexts.set(props.location.pathname, context);
  return (
    <HelmetProvider context={context}>
      <Layout>{element}</Layout>
    </HelmetProvider>
  );
};

export const onRenderBody: GatsbySSR["onRenderBody"] = ({
  pathname,
  setHtmlAttributes,
  setHeadComponents,
}) => {
  setHtmlAttributes({ lang: "fr" });
  setHeadComponents([
    // The first paint waits for the whole page's HTML: a paint of its first part alone left the
    // layout of the rest to a task of its own after it, which blocked a phone, and staged the
    // largest paint after the first (docs/performance.md, "The first layout of `/`"). The HTML
    // comes in one round trip (bench/budgets.mjs), so the wait is its parse alone.
    <link key="paint-after-page" rel="expect" href={`#${pageEndId}`} blocking="render" />,
    // The tab's icon gets its address after the first paint (src/islands/tab-icon.ts); the empty
    // `data:` address keeps the browser from asking for /favicon.ico meanwhile.
    <link
      key="icon"
      rel="icon"
      href="data:,"
      data-href={favicon.href}
      type="image/png"
      sizes={`${favicon.size}x${favicon.size}`}
    />,
    <noscript
      key="icon-without-script"
      dangerouslySetInnerHTML={{
        __html: `<link rel="icon" href="${favicon.href}" type="image/png" sizes="${favicon.size}x${favicon.size}">`,
      }}
    />,
    <link
      key="touch-icon"
      rel="apple-touch-icon"
      href={markIcons.touch.href}
      sizes={`${markIcons.touch.size}x${markIcons.touch.size}`}
    />,
    // The browser's own bars in the brand's colour, on phones.
    <meta key="theme-color" name="theme-color" content={themeColor} />,
    // Every page's French text is in this file. Preloaded only without JavaScript: on a first
    // visit, the page's inline script asks for it after the first paint, by the family the
    // stylesheet gives it (src/islands/font-after-paint.ts, src/styles/fonts.css).
    <link
      key="font"
      rel="preload"
      href={frenchFont}
      as="font"
      type="font/woff2"
      crossOrigin="anonymous"
      media="(scripting: none)"
    />,
  ]);
  const helmet = helmetContexts.get(pathname)?.helmet;
  helmetContexts.delete(pathname);
  if (!helmet) return;
  // react-helmet-async types toComponent() as a class component; it returns React elements.
  const tags = [helmet.title, helmet.meta, helmet.link, helmet.script];
  setHeadComponents(tags.map((tag) => tag.toComponent() as unknown as React.ReactElement));
};

// gatsby-plugin-image gives every head the style and fade-in script of its own image component,
// which no page draws (the hero is a plain <picture>, src/components/hero/hero-picture.tsx):
// about 400 bytes compressed of the first round trip's 14.6 kB (bench/budgets.mjs), for nothing.
const imageComponentHead = new Set([
  "gatsby-image-style",
  "gatsby-image-style-noscript",
  "gatsby-image-style-script",
]);

export const onPreRenderHTML: GatsbySSR["onPreRenderHTML"] = ({
  getHeadComponents,
  replaceHeadComponents,
}) => {
  replaceHeadComponents(
    getHeadComponents().filter(
      (component) =>
        !(React.isValidElement(component) && imageComponentHead.has(String(component.key))),
    ),
  );
};
