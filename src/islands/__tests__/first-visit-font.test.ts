import { holdFontUntilFirstPaint } from "../font-after-paint";
import { switchSteps, switchToPublicSansWhenLoaded } from "../font-switch";
import { drawFrame, holdFrames, settled } from "../../test-utils/frames";

// jsdom neither paints, lays out nor fetches fonts: these tests check the markup the stylesheet
// reads (`data-font-pending`, on the root, then on each part of the page until its frame), the
// family asked of the browser's font loading, played here by a stand-in for `document.fonts`
// that fetches each family once, and the frames, played by a stand-in for
// requestAnimationFrame. e2e/font.test.mjs checks in Chromium that the text is on screen before
// the file is asked for, that it ends in Public Sans, and that one request brings the font;
// `npm run bench` that no task blocks.

const fetches = new Map<string, { arrive: () => void; fail: () => void }>();
const loads: Record<string, Promise<FontFace[]>> = {};

function navigate(type: NavigationTimingType) {
  Object.defineProperty(performance, "getEntriesByType", {
    value: (entryType: string) => (entryType === "navigation" ? [{ type }] : []),
    configurable: true,
  });
}

function arriveFrom(referrer: string) {
  Object.defineProperty(document, "referrer", { value: referrer, configurable: true });
}

/** The elements still drawn in the local font, by their ids. */
const pendingIds = () =>
  [...document.querySelectorAll("[data-font-pending]")].map((element) => element.id || "root");

const rootPending = () => document.documentElement.hasAttribute("data-font-pending");

beforeEach(() => {
  fetches.clear();
  for (const font of Object.keys(loads)) delete loads[font];
  Object.defineProperty(document, "fonts", {
    value: {
      load: (font: string) =>
        (loads[font] ??= new Promise<FontFace[]>((resolve, reject) => {
          fetches.set(font, {
            arrive: () => resolve([]),
            fail: () => reject(new Error("NetworkError")),
          });
        })),
    },
    configurable: true,
  });
  holdFrames();
  document.documentElement.removeAttribute("data-font-pending");
  document.body.innerHTML = `
    <header id="header">${"h".repeat(80)}</header>
    <main id="main">
      <section id="hero">${"a".repeat(700)}</section>
      <section id="offer">${"b".repeat(300)}</section>
      <section id="figures">${"c".repeat(900)}</section>
    </main>
    <footer id="footer">${"f".repeat(300)}</footer>`;
  arriveFrom("");
  navigate("navigate");
});

afterEach(() => {
  jest.restoreAllMocks();
  delete (Range.prototype as Partial<Range>).getClientRects;
});

it("on a first visit, paints in the local font, asks for the French cut at the paint, then switches the page a part per frame, from the top", async () => {
  const showFont = holdFontUntilFirstPaint();
  expect(rootPending()).toBe(true);
  expect(fetches.size).toBe(0);

  showFont?.();
  expect([...fetches.keys()]).toEqual(['1em "Public Sans French"']);
  // The start-up script waits for the same file: still one fetch.
  const switched = switchToPublicSansWhenLoaded();
  expect(fetches.size).toBe(1);
  await drawFrame();
  expect(pendingIds()).toEqual(["root"]);

  fetches.get('1em "Public Sans French"')?.arrive();
  await settled();
  // The root lets go; every part keeps the local font until its frame, the page's first part
  // first (the steps themselves: the next test).
  const steps = switchSteps(document.body).map((step) => step.map((element) => element.id));
  expect(steps.length).toBeGreaterThan(1);
  expect(steps.flat()).toEqual(["header", "hero", "offer", "figures", "footer"]);
  for (let step = 0; step < steps.length; step++) {
    expect(pendingIds()).toEqual(steps.slice(step).flat());
    await drawFrame();
  }
  expect(pendingIds()).toEqual([]);
  await switched;
});

describe("a part on screen whose text would move in Public Sans", () => {
  // Stand-ins for layout: the hero and the offer are on screen until the page is scrolled past
  // them, on a page 10,000 px tall; in Public Sans, the start of the hero's last line of text
  // moves 40 px (a word wrapped the other way), the offer's stays.
  let scrolledPast = false;
  const measured: string[] = [];
  const observed: Element[] = [];
  let report: (entries: { target: Element; isIntersecting: boolean }[]) => void = () => undefined;
  const publicSans = (element: Element) => !element.hasAttribute("data-font-pending");

  beforeEach(() => {
    scrolledPast = false;
    measured.length = 0;
    observed.length = 0;
    Object.defineProperty(document.documentElement, "scrollHeight", {
      value: 10_000,
      configurable: true,
    });
    jest.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(function (
      this: Element,
    ) {
      const onScreen = this.id === "hero" || this.id === "offer";
      return new DOMRect(0, !onScreen ? 2000 : scrolledPast ? -900 : 100, 400, 300);
    });
    Object.assign(Range.prototype, {
      getClientRects(this: Range) {
        const part = this.startContainer as Element;
        measured.push(part.id);
        const left = part.id === "hero" && publicSans(part) ? 80 : 120;
        return [new DOMRect(0, 100, 400, 20), new DOMRect(left, 120, 60, 20)];
      },
    });
    Object.assign(globalThis, {
      CSS: { supports: (property: string) => property === "overflow-anchor" },
      IntersectionObserver: class {
        constructor(callback: typeof report) {
          report = callback;
        }
        observe(element: Element) {
          observed.push(element);
        }
        unobserve(element: Element) {
          observed.splice(observed.indexOf(element), 1);
        }
      },
    });
  });

  afterEach(() => {
    Reflect.deleteProperty(document.documentElement, "scrollHeight");
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    delete (globalThis as { CSS?: unknown }).CSS;
  });

  async function switchThePage() {
    holdFontUntilFirstPaint()?.();
    const switched = switchToPublicSansWhenLoaded();
    fetches.get('1em "Public Sans French"')?.arrive();
    await settled();
    for (let frame = 0; frame < 6; frame++) await drawFrame();
    await switched;
  }

  it("keeps the local font, unseen, until scrolled past", async () => {
    await switchThePage();
    // Only the parts on screen are measured, before and after.
    expect(measured).toEqual(["hero", "hero", "offer", "offer"]);
    expect(pendingIds()).toEqual(["hero"]);
    expect(observed.map(({ id }) => id)).toEqual(["hero"]);

    const hero = document.getElementById("hero") as Element;
    report([{ target: hero, isIntersecting: true }]);
    expect(pendingIds()).toEqual(["hero"]);
    scrolledPast = true;
    report([{ target: hero, isIntersecting: false }]);
    expect(pendingIds()).toEqual([]);
    expect(observed).toEqual([]);
  });

  it("above the screen at its turn, switches only where the browser anchors the scroll", async () => {
    scrolledPast = true;
    Object.assign(globalThis, { CSS: { supports: () => false } });
    await switchThePage();
    expect(pendingIds()).toEqual(["hero", "offer"]);
    // Nothing on screen was laid out in Public Sans to be measured.
    expect(measured).toEqual([]);

    Object.assign(globalThis, { CSS: { supports: () => true } });
    report([{ target: document.getElementById("hero") as Element, isIntersecting: false }]);
    expect(pendingIds()).toEqual(["offer"]);
  });

  it("scrolled past near the page's end, or without scroll anchoring, still keeps it", async () => {
    await switchThePage();
    const hero = document.getElementById("hero") as Element;
    scrolledPast = true;
    Object.defineProperty(window, "scrollY", {
      value: 10_000 - innerHeight - 100,
      configurable: true,
    });
    report([{ target: hero, isIntersecting: false }]);
    expect(pendingIds()).toEqual(["hero"]);

    Object.defineProperty(window, "scrollY", { value: 0, configurable: true });
    Object.assign(globalThis, { CSS: { supports: () => false } });
    report([{ target: hero, isIntersecting: false }]);
    expect(pendingIds()).toEqual(["hero"]);
  });
});

it("keeps the local font when the file cannot be fetched", async () => {
  holdFontUntilFirstPaint()?.();
  const switched = switchToPublicSansWhenLoaded();
  fetches.get('1em "Public Sans French"')?.fail();
  await switched;
  await drawFrame();
  expect(pendingIds()).toEqual(["root"]);
});

it("splits the page into steps of at most the given characters, neighbours together", () => {
  const ids = (steps: Element[][]) => steps.map((step) => step.map((element) => element.id));
  // The header (80) and the hero (700) share a step; the offer (300) would take it past 1,000.
  expect(ids(switchSteps(document.body, 1000))).toEqual([
    ["header", "hero"],
    ["offer"],
    ["figures"],
    ["footer"],
  ]);
  // An element without children is a step of its own, however long.
  expect(ids(switchSteps(document.body, 100))).toEqual([
    ["header"],
    ["hero"],
    ["offer"],
    ["figures"],
    ["footer"],
  ]);
  // Whole, a page short enough is one step.
  expect(ids(switchSteps(document.body, 10_000))).toEqual([[""]]);
});

it.each([
  ["from another page of the site", "http://localhost/mentions-legales"],
  ["from the site's home page", "http://localhost/"],
])("draws Public Sans from the first paint when the visitor comes %s", (_, referrer) => {
  arriveFrom(referrer);
  expect(holdFontUntilFirstPaint()).toBeUndefined();
  expect(rootPending()).toBe(false);
});

it.each(["reload", "back_forward"] as const)(
  "draws Public Sans from the first paint on a page shown again (%s)",
  (type) => {
    navigate(type);
    expect(holdFontUntilFirstPaint()).toBeUndefined();
    expect(rootPending()).toBe(false);
  },
);

it("holds the font back for a visitor coming from another site", () => {
  arriveFrom("http://localhost.example/");
  expect(holdFontUntilFirstPaint()).toBeDefined();
  expect(rootPending()).toBe(true);
});

it("lets go of the local font at the paint in a browser that cannot load fonts from script", () => {
  Object.defineProperty(document, "fonts", { value: undefined, configurable: true });
  const showFont = holdFontUntilFirstPaint();
  expect(rootPending()).toBe(true);
  showFont?.();
  expect(rootPending()).toBe(false);
});
