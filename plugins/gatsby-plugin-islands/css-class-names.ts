import { createHash } from "node:crypto";
import path from "node:path";
import postcss from "postcss";
import localByDefault from "postcss-modules-local-by-default";
import modulesScope from "postcss-modules-scope";
import { extractICSS } from "icss-utils";

// One naming of CSS Modules classes for the two builds that render the same components: Gatsby's
// webpack, which writes the pages' HTML and CSS, and esbuild, which bundles the islands that
// hydrate parts of that HTML in the browser. Each must produce the other's class names.

const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * A class's name in the built CSS: six letters hashed from the file (relative to the project) and
 * the class. Letters only, so never a digit first and nothing to escape; 52⁶ names (34 bits), so
 * no collision among a few hundred classes. Short, so that the landing page's HTML fits the first
 * round trip of a new connection (docs/performance.md).
 */
export function cssClassName(file: string, localName: string): string {
  const relative = path.relative(process.cwd(), file).split(path.sep).join("/");
  const digest = createHash("sha256").update(`${relative}\0${localName}`).digest();
  let name = "";
  for (let index = 0; index < 6; index += 1) name += alphabet[digest[index]! % alphabet.length];
  return name;
}

/** css-loader's `modules.getLocalIdent` (its documented option), named as above. */
export function getLocalIdent(
  loaderContext: { resourcePath: string },
  _localIdentName: string,
  localName: string,
): string {
  return cssClassName(loaderContext.resourcePath, localName);
}

// Gatsby's css-loader exports each class under its camel-cased name only ("dashesOnly").
const dashesToCamelCase = (name: string) =>
  name.replace(/-+(\w)/g, (_match, letter: string) => letter.toUpperCase());

/**
 * What a CSS Module exports to JavaScript, as css-loader computes it (the same PostCSS plugins
 * it runs: local by default, `:global(…)` left alone), with `cssClassName`'s names.
 */
export async function cssModuleExports(file: string, css: string): Promise<Map<string, string>> {
  const result = await postcss([
    localByDefault(),
    modulesScope({ generateScopedName: (localName: string) => cssClassName(file, localName) }),
  ]).process(css, { from: file });
  const { icssExports } = extractICSS(result.root);
  return new Map(
    Object.entries(icssExports).map(([name, value]) => [dashesToCamelCase(name), value]),
  );
}
