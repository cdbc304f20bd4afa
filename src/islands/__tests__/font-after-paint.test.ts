import { holdFontUntilFirstPaint } from "../font-after-paint";

// jsdom neither paints nor fetches fonts: these tests check the markup the stylesheet reads (the
// root's `data-font-pending`) and the face the script asks for, played here by a small stand-in
// for FontFace. e2e/font.test.mjs checks in Chromium that the text is on screen before the file is
// asked for, that the switch moves nothing, and that one request brings the font.

const fontFile = "/static/public-sans-french.woff2";

class StandInFace {
  static made: StandInFace[] = [];
  private settle: { resolve: () => void; reject: (error: Error) => void } | undefined;
  constructor(
    readonly family: string,
    readonly source: string,
    readonly descriptors: FontFaceDescriptors,
  ) {
    StandInFace.made.push(this);
  }
  load() {
    return new Promise<void>((resolve, reject) => {
      this.settle = { resolve, reject };
    });
  }
  arrive() {
    this.settle?.resolve();
  }
  fail() {
    this.settle?.reject(new Error("NetworkError"));
  }
}
const added: unknown[] = [];

function navigate(type: NavigationTimingType) {
  Object.defineProperty(performance, "getEntriesByType", {
    value: (entryType: string) => (entryType === "navigation" ? [{ type }] : []),
    configurable: true,
  });
}

function arriveFrom(referrer: string) {
  Object.defineProperty(document, "referrer", { value: referrer, configurable: true });
}

const pending = () => document.documentElement.hasAttribute("data-font-pending");
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  StandInFace.made = [];
  added.length = 0;
  Object.assign(globalThis, { FontFace: StandInFace });
  Object.defineProperty(document, "fonts", {
    value: { add: (face: unknown) => added.push(face) },
    configurable: true,
  });
  document.documentElement.removeAttribute("data-font-pending");
  document.head.innerHTML = `<link rel="preload" href="${fontFile}" as="font" type="font/woff2" crossorigin="anonymous" media="(scripting: none)">`;
  arriveFrom("");
  navigate("navigate");
});

it("on a first visit, paints without Public Sans, then fetches it and shows it once it is here", async () => {
  const showFont = holdFontUntilFirstPaint();
  expect(pending()).toBe(true);
  expect(StandInFace.made).toHaveLength(0);

  showFont?.();
  const [face] = StandInFace.made;
  expect(face?.family).toBe("Public Sans Variable");
  expect(face?.source).toBe(`url(http://localhost${fontFile})`);
  expect(face?.descriptors).toEqual({ weight: "400 700" });
  expect(added).toEqual([face]);
  await settled();
  expect(pending()).toBe(true);

  face?.arrive();
  await settled();
  expect(pending()).toBe(false);
});

it("keeps the local font when the file cannot be fetched", async () => {
  holdFontUntilFirstPaint()?.();
  StandInFace.made[0]?.fail();
  await settled();
  expect(pending()).toBe(true);
});

it.each([
  ["from another page of the site", "http://localhost/mentions-legales"],
  ["from the site's home page", "http://localhost/"],
])("draws Public Sans from the first paint when the visitor comes %s", (_, referrer) => {
  arriveFrom(referrer);
  expect(holdFontUntilFirstPaint()).toBeUndefined();
  expect(pending()).toBe(false);
});

it.each(["reload", "back_forward"] as const)(
  "draws Public Sans from the first paint on a page shown again (%s)",
  (type) => {
    navigate(type);
    expect(holdFontUntilFirstPaint()).toBeUndefined();
    expect(pending()).toBe(false);
  },
);

it("holds the font back for a visitor coming from another site", () => {
  arriveFrom("http://localhost.example/");
  expect(holdFontUntilFirstPaint()).toBeDefined();
  expect(pending()).toBe(true);
});

it("lets go of the local font at once when the page names no font file", () => {
  const showFont = holdFontUntilFirstPaint();
  document.head.innerHTML = "";
  showFont?.();
  expect(pending()).toBe(false);
  expect(StandInFace.made).toHaveLength(0);
});
