// The Latin face of Public Sans, cut twice from @fontsource-variable/public-sans, both at the
// weights of the design tokens (400 to 700: --weight-regular, --weight-medium, --weight-bold) and
// without the alternates, fractions and other glyphs only OpenType features lead to:
//
// - the French cut: the characters French text is written with (ASCII, the accented letters and
//   ligatures of French, its quotes, dashes, spaces and the euro). Every page preloads it: about
//   16 kB in place of the 21 kB of the whole Latin face, so that on a slow phone network it
//   arrives in two round trips beside the page's other first requests (docs/performance.md);
// - the whole Latin face, for the other characters of its unicode-range (Spanish, Nordic or
//   Portuguese letters, say). The French cut is a family of its own, named before this one in
//   the font stack (src/styles/fonts.css), so a browser looks in the French cut first and
//   fetches this file only for a page that shows one of the others, such as a name typed into
//   the form. (A file of the other characters alone would be under 10 kB, and Gatsby would
//   inline it as base64 into every page's CSS.)
//
// The files are committed (src/styles/fonts/); `npm run fonts` writes them again from the
// installed package, and a unit test checks that each committed file is what this code makes of
// the installed package, and that src/styles/fonts.css declares each as cut.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import subsetFont from "subset-font";

export const sourceFont = path.resolve(
  "node_modules/@fontsource-variable/public-sans/files/public-sans-latin-wght-normal.woff2",
);

export const weights = { min: 400, max: 700 } as const;

/** The Latin face's unicode-range, as @fontsource declares it. */
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

/**
 * French text: ASCII; nbsp, §, ©, «, ®, °, ·, »; À Â Æ Ç È É Ê Ë Î Ï Ô × Ù Û Ü and their lower
 * case with ÿ; Œ œ; thin and narrow no-break spaces, en and em dashes, curly quotes, bullet,
 * ellipsis, single guillemets; €, ™. Ÿ is in the Latin Extended face, as @fontsource cuts it.
 */
export const frenchUnicodeRange = [
  "U+0000-007F",
  "U+00A0",
  "U+00A7",
  "U+00A9",
  "U+00AB",
  "U+00AE",
  "U+00B0",
  "U+00B7",
  "U+00BB",
  "U+00C0",
  "U+00C2",
  "U+00C6-00CB",
  "U+00CE-00CF",
  "U+00D4",
  "U+00D7",
  "U+00D9",
  "U+00DB-00DC",
  "U+00E0",
  "U+00E2",
  "U+00E6-00EB",
  "U+00EE-00EF",
  "U+00F4",
  "U+00F9",
  "U+00FB-00FC",
  "U+00FF",
  "U+0152-0153",
  "U+2009",
  "U+2013-2014",
  "U+2018-2019",
  "U+201C-201D",
  "U+2022",
  "U+2026",
  "U+202F",
  "U+2039-203A",
  "U+20AC",
  "U+2122",
];

const fontsFolder = path.resolve("src/styles/fonts");

/** The two cuts: each file and the characters it holds. */
export const cuts = {
  french: {
    file: path.join(fontsFolder, "public-sans-french-wght-400-700.woff2"),
    unicodeRange: frenchUnicodeRange,
  },
  latin: {
    file: path.join(fontsFolder, "public-sans-latin-wght-400-700.woff2"),
    unicodeRange: latinUnicodeRange,
  },
} as const;

/** Every character of a CSS unicode-range list. */
export function charactersOf(unicodeRange: readonly string[]): string {
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

/** The subset of the Latin face holding `unicodeRange`, as WOFF2 bytes. */
export async function makeSubset(unicodeRange: readonly string[]): Promise<Buffer> {
  return subsetFont(await readFile(sourceFont), charactersOf(unicodeRange), {
    targetFormat: "woff2",
    variationAxes: { wght: weights },
    noLayoutClosure: true,
  });
}

/** `npm run fonts`: writes both cuts next to the site's styles. */
export async function writeSubsets(): Promise<void> {
  for (const { file, unicodeRange } of Object.values(cuts)) {
    const subset = await makeSubset(unicodeRange);
    await writeFile(file, subset);
    console.log(`${path.relative(process.cwd(), file)}: ${subset.length} bytes`);
  }
}

if (require.main === module) {
  writeSubsets().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
