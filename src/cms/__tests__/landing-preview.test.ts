/** @jest-environment node */
import { readFileSync } from "node:fs";
import path from "node:path";

// The landing page and the admin's landing preview each write out the sections they draw. The
// preview draws those the landing copy feeds (not the carousel, the references or the form,
// which read other folders); it must draw them in the page's order. (A list of sections shared
// by both would keep them in step by construction, at a cost to every visitor's JavaScript.)

const src = path.resolve(__dirname, "../..");

/** The components a function's JSX renders, in order, wrappers left out. */
function sectionsDrawnBy(file: string, functionName: string): string[] {
  const source = readFileSync(path.join(src, file), "utf8");
  const start = source.indexOf(`function ${functionName}(`);
  const end = source.indexOf("\n}", start);
  expect(start).toBeGreaterThanOrEqual(0);
  // A JSX tag, not a type argument such as entryData<LandingCopy>.
  return [...source.slice(start, end).matchAll(/(?<!\w)<([A-Z]\w+)/g)]
    .map((match) => match[1] ?? "")
    .filter((name) => name !== "Waiting");
}

const page = sectionsDrawnBy("components/landing-page/landing-page.tsx", "LandingPage");
const preview = sectionsDrawnBy("cms/previews.tsx", "LandingPreview");

it("finds the sections on both sides", () => {
  expect(page).toEqual(expect.arrayContaining(["Hero", "Results", "ContactSection"]));
  expect(preview).toEqual(expect.arrayContaining(["Hero", "Results", "CallToAction"]));
});

it("draws the preview's sections in the page's order", () => {
  expect(page.filter((name) => preview.includes(name))).toEqual(preview);
});

it("leaves out of the preview only the sections that read other folders", () => {
  expect(page.filter((name) => !preview.includes(name))).toEqual([
    "TenantNotice",
    "References",
    "TestimonialCarousel",
    "ContactSection",
  ]);
});
