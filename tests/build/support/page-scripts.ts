// The JavaScript a built page can run: the scripts its HTML names or holds inline, and the island
// files those reach (what they import, now or on demand, and the worker whose address they hold),
// read from the files themselves. Paths are relative to public/.
import { readFileSync } from "node:fs";
import path from "node:path";
import { publicDir } from "./built-site";

/** The `src` of each script element of the page, as written. */
export function scriptSources(html: string): string[] {
  const doc = new DOMParser().parseFromString(html, "text/html");
  return [...doc.querySelectorAll("script[src]")].map((script) => script.getAttribute("src") ?? "");
}

// esbuild writes an island's imports as "./<name>-<hash>.js" beside it, and the worker's
// address as the absolute "/islands/<name>-<hash>.js" the build gave it.
const reference = /"(\.\/[\w.-]+\.js|\/islands\/[\w.-]+\.js)"/g;

/** A site address ("/islands/x.js") as a path under public/. */
const underPublic = (address: string) => address.replace(/^\//, "");

/** The code of each inline script element of the page. */
function inlineScripts(html: string): string[] {
  const doc = new DOMParser().parseFromString(html, "text/html");
  return [...doc.querySelectorAll("script:not([src])")].map((script) => script.textContent ?? "");
}

/** The island files an inline script of the page fetches (the start-up script). */
export function filesFetchedInline(html: string): string[] {
  return inlineScripts(html).flatMap((code) =>
    [...code.matchAll(reference)].map(([, target = ""]) => underPublic(target)),
  );
}

/** Every script file the page may load, starting from its script elements. */
export function scriptFilesOf(html: string): string[] {
  const found = new Set<string>();
  const pending = [...scriptSources(html).map(underPublic), ...filesFetchedInline(html)];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (found.has(file)) continue;
    found.add(file);
    const code = readFileSync(path.join(publicDir, file), "utf8");
    for (const [, target = ""] of code.matchAll(reference)) {
      pending.push(
        target.startsWith("/")
          ? underPublic(target)
          : path.posix.join(path.posix.dirname(file), target),
      );
    }
  }
  return [...found];
}
