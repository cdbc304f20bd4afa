// The Latin face of Public Sans that every page preloads, cut to what the site uses: the weights
// of the design tokens (400 to 700: --weight-regular, --weight-medium, --weight-bold) and the
// glyphs a browser reaches through the characters of the face's unicode-range, without the
// alternates, fractions and other glyphs only OpenType features lead to. About 20 kB in place of
// 27 kB: the font comes within the first three round trips of a new connection on a slow phone
// network, with the page's text (docs/performance.md).
//
// The file is committed (src/styles/fonts/); `npm run fonts` writes it again from the installed
// @fontsource-variable/public-sans, and a unit test checks that the committed file is what this
// code makes of the installed package.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import subsetFont from "subset-font";

export const sourceFont = path.resolve(
  "node_modules/@fontsource-variable/public-sans/files/public-sans-latin-wght-normal.woff2",
);
export const subsetFile = path.resolve("src/styles/fonts/public-sans-latin-wght-400-700.woff2");

export const weights = { min: 400, max: 700 } as const;

/** The Latin face's unicode-range, as @fontsource declares it (and src/styles/fonts.css). */
export const latinUnicodeRange = [
  "U+0000-00FF",
  "U+0131",
  "U+0152-0153",
  "U+02BB-02BC",
  "U+02C6",
  "U+02DA",
  "U+02DC",
  "U+0304",
  "U+0308",
  "U+0329",
  "U+2000-206F",
  "U+20AC",
  "U+2122",
  "U+2191",
  "U+2193",
  "U+2212",
  "U+2215",
  "U+FEFF",
  "U+FFFD",
];

/** Every character of a CSS unicode-range list. */
export function charactersOf(unicodeRange: string[]): string {
  return unicodeRange
    .flatMap((item) => {
      const [first, last] = item.replace(/^U\+/i, "").split("-");
      const from = parseInt(first ?? "", 16);
      const to = last === undefined ? from : parseInt(last, 16);
      return Array.from({ length: to - from + 1 }, (_, offset) =>
        String.fromCodePoint(from + offset),
      );
    })
    .join("");
}

/** The subset, as WOFF2 bytes. */
export async function makeSubset(): Promise<Buffer> {
  return subsetFont(await readFile(sourceFont), charactersOf(latinUnicodeRange), {
    targetFormat: "woff2",
    variationAxes: { wght: weights },
    noLayoutClosure: true,
  });
}

/** `npm run fonts`: writes the subset next to the site's styles. */
export async function writeSubset(): Promise<void> {
  const subset = await makeSubset();
  await writeFile(subsetFile, subset);
  console.log(`${path.relative(process.cwd(), subsetFile)}: ${subset.length} bytes`);
}

if (require.main === module) {
  writeSubset().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
