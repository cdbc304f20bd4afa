// Part of the first load (docs/performance.md): the tab's icon is a PNG drawn from
// static/favicon.svg when Gatsby starts (src/build/draw-favicon.ts), linked from every page's
// head (gatsby-ssr.tsx). Linking the SVG itself made Chromium build an SVG document on the page's
// main thread, a 20–30 ms task just after the first paint on every visit. 48 px is the size
// search engines ask for.
export const favicon = {
  source: "static/favicon.svg",
  href: "/favicon-48x48.png",
  size: 48,
} as const;
