/** @jest-environment node */
import { readFileSync } from "node:fs";
import path from "node:path";
import { charactersOf, cuts, latinUnicodeRange, makeSubset, weights } from "../font-subset";

// The Latin face is two committed files made from @fontsource-variable/public-sans: these tests
// fail when the package changes under them (run `npm run fonts`), when the stylesheet declares a
// face differently from what its file holds, or when French text would reach the larger file.

/** The declarations of the @font-face whose src is `file`, from src/styles/fonts.css. */
function faceOf(file: string) {
  const css = readFileSync(path.resolve("src/styles/fonts.css"), "utf8");
  const face = css.split("@font-face").find((block) => block.includes(path.basename(file)));
  if (!face) throw new Error(`src/styles/fonts.css declares no face with ${path.basename(file)}`);
  const declaration = (name: string) =>
    new RegExp(`${name}:\\s*([^;]+);`).exec(face)?.[1]?.replace(/\s+/g, " ").trim();
  return {
    family: declaration("font-family")?.replaceAll('"', ""),
    weight: declaration("font-weight"),
    unicodeRange: declaration("unicode-range"),
  };
}

describe.each(Object.entries(cuts))("the %s cut", (_, { file, unicodeRange }) => {
  it("is the subset of the installed package's Latin face (else run `npm run fonts`)", async () => {
    expect(readFileSync(file).equals(await makeSubset(unicodeRange))).toBe(true);
  });

  it("is declared in the stylesheet with the weights and characters it was cut to", () => {
    expect(faceOf(file)).toMatchObject({
      weight: `${weights.min} ${weights.max}`,
      unicodeRange: unicodeRange.join(", "),
    });
  });
});

it("cuts French from the Latin face and is looked in first, its family named first in the stack", () => {
  const latin = charactersOf(latinUnicodeRange);
  for (const character of charactersOf(cuts.french.unicodeRange)) {
    expect(latin).toContain(character);
  }
  const tokens = readFileSync(path.resolve("src/styles/tokens.css"), "utf8");
  const stack = /--font-sans:\s*([^;]+);/.exec(tokens)?.[1] ?? "";
  const french = stack.indexOf(`"${faceOf(cuts.french.file).family}"`);
  expect(french).toBeGreaterThanOrEqual(0);
  expect(french).toBeLessThan(stack.indexOf(`"${faceOf(cuts.latin.file).family}"`));
});

it("preloads French text: accented letters, ligatures, typographic quotes and spaces, euro", () => {
  const french = charactersOf(cuts.french.unicodeRange);
  for (const character of "àâçéèêëîïôùûüÿœæÀÇÉÈÊŒ«»’“”–—…\u00a0\u202f€°") {
    expect(french).toContain(character);
  }
});

it("holds the French cut small enough for two round trips beside the page's other requests", () => {
  // docs/performance.md: a first visit fetches it after the first paint, beside the start-up
  // script and the tab's icon; at seven TCP segments a round trip, 20.4 kB come
  // in two with the response's headers, and a larger file shows Public Sans 150 ms later.
  expect(readFileSync(cuts.french.file).length).toBeLessThanOrEqual(20_000);
});

it("reads a CSS unicode-range into its characters", () => {
  expect(charactersOf(["U+0041-0043", "U+20AC"])).toBe("ABC€");
});
