/**
 * The tab's icon, given its address once the first paint is reported. Named in the head from the
 * start, it was asked for by the browser at the load event, which in Lighthouse's observed load
 * comes before the paint: the simulated phone then waited for the icon before its largest paint
 * (docs/performance.md, "The LCP of `/`"). Until then the head's icon is an empty `data:`
 * address, which keeps the browser from asking for /favicon.ico; a page without JavaScript has
 * the icon from its `<noscript>` (gatsby-ssr.tsx).
 */
export function showTabIcon(): void {
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"][data-href]');
  if (icon?.dataset.href) icon.href = icon.dataset.href;
}
