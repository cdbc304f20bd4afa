import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

// Finishing touches to the HTML Gatsby wrote, made after the build and before anything reads or
// hashes the pages (the host headers hold the hash of every inline script).

/**
 * React 18's streaming server renderer, which Gatsby uses for every page, sometimes leaves a NUL
 * byte where a multi-byte character (an "é") did not fit at the end of its write buffer: the
 * unused byte is written out with the rest. Browsers drop it from text, but it makes the file
 * binary to tools, and inside an inline script it would change the script's hash. Fixed in
 * React 19. No valid HTML contains a NUL byte.
 */
export function withoutNullBytes(html: string): string {
  return html.replaceAll("\u0000", "");
}

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

/** Every file under a folder, as paths relative to it with forward slashes. */
export function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .map((file) => file.split(path.sep).join("/"));
}

/** Applies both to every HTML page under `publicDir`; returns the pages it changed. */
export function finishBuiltPages(publicDir: string): string[] {
  const changed: string[] = [];
  for (const file of filesUnder(publicDir).filter((name) => name.endsWith(".html"))) {
    const html = readFileSync(path.join(publicDir, file), "utf8");
    const finished = bundlesAfterFirstPaint(withoutNullBytes(html));
    if (finished !== html) {
      writeFileSync(path.join(publicDir, file), finished);
      changed.push(file);
    }
  }
  return changed;
}
