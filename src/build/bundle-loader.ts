// Step 2 of the first load (see src/start-up/first-load.ts): the one inline script that asks for Gatsby's
// bundles once the first contentful paint is on screen. Pure text in, text out: the build puts
// it in place of the bundle tags of every page it wrote (src/build/finish-pages.ts), and the
// tests over the built pages read the bundle list back from it.

// Gatsby's bundles, as its scripts slice writes them at the end of every page.
const bundleTag = /<script src="(\/[\w.~-]+\.js)" async(?:="")?><\/script>/gu;

/**
 * Gatsby's bundles are async scripts that the browser fetches while it parses the HTML, before
 * it has painted anything; yet the page is whole without them. Here they are asked for once the
 * first contentful paint is on screen (a frame can reach the screen well after its
 * `requestAnimationFrame`), so that on a slow connection the text and the hero come first, and
 * the bundles then hydrate what is already there. Without paint timing (or if observing it
 * fails), they wait for the first frame; and whatever happens, they are asked for after four
 * seconds, the timer being set first (a tab opened hidden does not paint).
 */
export function bundlesAfterFirstPaint(html: string): string {
  const sources = [...html.matchAll(bundleTag)].map((match) => match[1]);
  if (sources.length === 0) return html;
  const loader =
    "(function(){var started=false;" +
    "function load(){if(started)return;started=true;" +
    `${JSON.stringify(sources)}.forEach(function(src){` +
    'var script=document.createElement("script");script.src=src;document.body.appendChild(script)' +
    "})}" +
    "setTimeout(load,4000);" +
    "function afterFrame(){requestAnimationFrame(function(){setTimeout(load)})}" +
    "var Observer=window.PerformanceObserver;" +
    'if(!Observer||!Observer.supportedEntryTypes||Observer.supportedEntryTypes.indexOf("paint")<0)' +
    "return afterFrame();" +
    "try{new Observer(function(list,observer){" +
    'if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();load()}' +
    '}).observe({type:"paint",buffered:true})}catch(error){afterFrame()}})()';
  // In place of the first tag, inside Gatsby's scripts slice: a later build that reuses this
  // page stitches the slice afresh, and the loader goes with the tags it replaced instead of
  // staying behind as a second one that would start the site twice.
  let replaced = false;
  return html.replace(bundleTag, () => {
    if (replaced) return "";
    replaced = true;
    return `<script>${loader}</script>`;
  });
}

/** The bundles a finished page loads, script tags and the after-first-paint loader alike. */
export function bundlesOf(html: string): string[] {
  const tagged = [...html.matchAll(/<script[^>]* src="([^"]+)"/gu)].map((match) => match[1] ?? "");
  const loaded = /\["[^\]]*"\]\.forEach\(function\(src\)/u.exec(html)?.[0];
  return [
    ...tagged,
    ...(loaded ? (JSON.parse(loaded.split(".forEach")[0] ?? "[]") as string[]) : []),
  ];
}
