/** @jest-environment node */
import { readFileSync } from "node:fs";
import path from "node:path";
import { charactersOf, latinUnicodeRange, makeSubset, subsetFile, weights } from "../font-subset";

// The preloaded Latin face is a committed file made from @fontsource-variable/public-sans: these
// tests fail when the package changes under it (run `npm run fonts`) or when the stylesheet
// declares the face differently from what the file holds.

/** The declarations of the @font-face whose src is the subset, from src/styles/fonts.css. */
function latinFace() {
  const css = readFileSync(path.resolve("src/styles/fonts.css"), "utf8");
  const face = css.split("@font-face").find((block) => block.includes(path.basename(subsetFile)));
  if (!face) throw new Error("src/styles/fonts.css declares no face with the subset's file");
  const declaration = (name: string) =>
    new RegExp(`${name}:\\s*([^;]+);`).exec(face)?.[1]?.replace(/\s+/g, " ").trim();
  return { weight: declaration("font-weight"), unicodeRange: declaration("unicode-range") };
}

it("is the subset of the installed package's Latin face (else run `npm run fonts`)", async () => {
  const committed = readFileSync(subsetFile);
  const fresh = await makeSubset();
  expect(committed.equals(fresh)).toBe(true);
});

it("is declared in the stylesheet with the weights and characters it was cut to", () => {
  expect(latinFace()).toEqual({
    weight: `${weights.min} ${weights.max}`,
    unicodeRange: latinUnicodeRange.join(", "),
  });
});

it("covers French text: accented letters, ligatures, typographic quotes and spaces, euro", () => {
  const characters = charactersOf(latinUnicodeRange);
  for (const character of "àâçéèêëîïôùûüÿœæÀÇÉÈÊŒ«»’“”–—…\u00a0\u202f€") {
    expect(characters).toContain(character);
  }
});

it("reads a CSS unicode-range into its characters", () => {
  expect(charactersOf(["U+0041-0043", "U+20AC"])).toBe("ABC€");
});
