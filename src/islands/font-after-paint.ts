/**
 * Public Sans after the first paint, on a first visit. Preloaded and `font-display: optional`,
 * the font's file held the first paint back on a slow connection, or was given up for the whole
 * page when it came too late; either way it sat on the largest paint's path (docs/performance.md,
 * "The LCP of `/`"). Here the page's first paint is its text at once, in the local font matched
 * to Public Sans's metrics (src/styles/global.css); the file is asked for when the browser
 * reports that paint, and the start-up script switches the text to Public Sans once it is here
 * (font-switch.ts).
 *
 * A page reached from another of the site's pages, reloaded, or reached through the history has
 * the file in the browser's cache, and is drawn in Public Sans from its first paint, as its
 * stylesheet says (src/styles/fonts.css). So is a page without JavaScript, whose preload the
 * head keeps for it alone (`media="(scripting: none)"`, gatsby-ssr.tsx).
 */
import { fontPending, loadFrenchFont } from "./font-switch";

/** Whether this page view most likely finds the font's file in the browser's cache. */
function fileLikelyCached(): boolean {
  const type = (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming)?.type;
  if (type === "reload" || type === "back_forward") return true;
  return document.referrer.startsWith(`${location.origin}/`);
}

/**
 * Run in the head, before the first paint: holds Public Sans back unless its file is likely
 * cached. Returns what to run once the first paint is reported (asking for the file), or
 * nothing when the font is not held back.
 */
export function holdFontUntilFirstPaint(): (() => void) | undefined {
  if (fileLikelyCached()) return undefined;
  const root = document.documentElement;
  root.setAttribute(fontPending, "");
  return () => {
    // A browser that cannot load a font from script draws the stylesheet's stack at once.
    if (!document.fonts) root.removeAttribute(fontPending);
    // Failing, the file leaves the local font: the start-up script's own call says so.
    else loadFrenchFont().catch(() => undefined);
  };
}
