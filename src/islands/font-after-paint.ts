/**
 * Public Sans after the first paint, on a first visit. Preloaded and `font-display: optional`,
 * the font's file held the first paint back on a slow connection, or was given up for the whole
 * page when it came too late; either way it sat on the largest paint's path (docs/performance.md,
 * "The LCP of `/`"). Here the page's first paint is its text at once, in the local font matched
 * to Public Sans's metrics (src/styles/global.css), and the text switches to Public Sans as soon
 * as the file, fetched once the browser reports that paint, is there.
 *
 * A page reached from another of the site's pages, reloaded, or reached through the history has
 * the file in the browser's cache, and is drawn in Public Sans from its first paint, as its
 * stylesheet says (src/styles/fonts.css). So is a page without JavaScript, whose preload the
 * head keeps for it alone (`media="(scripting: none)"`, gatsby-ssr.tsx).
 */

// Its name in the markup is `data-font-pending`: src/styles/fonts.css leaves Public Sans out of
// the font stack while the root element has it.
const pending = "fontPending";
// The family src/styles/fonts.css declares, whose French cut the head's preload names.
const family = "Public Sans Variable";

/** Whether this page view most likely finds the font's file in the browser's cache. */
function fileLikelyCached(): boolean {
  const type = (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming)?.type;
  if (type === "reload" || type === "back_forward") return true;
  return document.referrer.startsWith(`${location.origin}/`);
}

/**
 * Run in the head, before the first paint: holds Public Sans back unless its file is likely
 * cached. Returns what to run once the first paint is reported, or nothing when the font is not
 * held back. A file that fails to come leaves the local font, as `optional` did.
 */
export function holdFontUntilFirstPaint(): (() => void) | undefined {
  if (fileLikelyCached()) return undefined;
  const root = document.documentElement;
  root.dataset[pending] = "";
  return () => {
    // Read now, not in the head's script: the preload comes after the script in the head.
    const preload = document.querySelector<HTMLLinkElement>('link[rel="preload"][as="font"]');
    if (!preload || typeof FontFace === "undefined") {
      delete root.dataset[pending];
      return;
    }
    // The French file as a face of the family, all its characters loaded before the stack
    // changes: the stylesheet's faces would start their loads as the text is laid out again, the
    // whole Latin file's too (an extra 21 kB request) while the French one was still loading.
    // Declared last, this face is looked in first; a character it lacks goes to those faces.
    const face = new FontFace(family, `url(${preload.href})`, { weight: "400 700" });
    document.fonts.add(face);
    face.load().then(
      () => delete root.dataset[pending],
      () => undefined,
    );
  };
}
