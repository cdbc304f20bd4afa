/**
 * Runs `start` once the page's content is on screen: when the browser reports the first
 * contentful paint. Until then the page's own bytes (the HTML, the hero's image) have the
 * connection and the main thread to themselves; the scripts of the parts that move, and the font
 * on a first visit, come next.
 *
 * A browser without paint timing, or a page loaded hidden (a tab opened in the background, where
 * nothing is painted and a paint may never be reported), starts at once, as does a page hidden
 * before its first paint.
 */
export function afterFirstContentfulPaint(start: () => void): void {
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    start();
  };
  const paintReported =
    typeof PerformanceObserver !== "undefined" &&
    (PerformanceObserver.supportedEntryTypes ?? []).includes("paint");
  if (!paintReported || document.visibilityState === "hidden") {
    startOnce();
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    startOnce();
  });
  // Buffered: a paint reported before this line ran still counts.
  observer.observe({ type: "paint", buffered: true });
  document.addEventListener("visibilitychange", startOnce, { once: true });
}
