// The site's icons, drawn at build time (src/build/draw-favicon.ts) and named in every page's
// head (gatsby-ssr.tsx). Part of the first load (docs/performance.md):
// - the tab's icon is a PNG of static/favicon.svg: linking the SVG itself made Chromium build an
//   SVG document on the page's main thread, a 20–30 ms task just after the first paint. Its
//   address is given after the first paint (src/islands/tab-icon.ts): asked for by the browser
//   at the load event, it ended before the paint Lighthouse observed and delayed the simulated
//   phone's largest paint. 48 px is the size search engines ask for.
// - the touch icon (a phone's home screen) and the logo of the structured data are the mark,
//   src/images/site-icon.svg; the browser asks for neither while loading a page.
export const favicon = {
  source: "static/favicon.svg",
  href: "/favicon-48x48.png",
  size: 48,
} as const;

export const markIcons = {
  source: "src/images/site-icon.svg",
  touch: { href: "/icons/icon-180x180.png", size: 180 },
  logo: { href: "/icons/icon-512x512.png", size: 512 },
} as const;

/**
 * The browser's own bars on a phone: the brand colour, `--color-brand` in src/styles/tokens.css
 * (src/build/__tests__/design-tokens.test.ts holds them equal: the head is rendered where CSS is
 * not read).
 */
export const themeColor = "#16365f";
