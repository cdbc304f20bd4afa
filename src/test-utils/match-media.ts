// jsdom has no `window.matchMedia`: tests that depend on a media query install this stand-in.

const reducedMotionQuery = "(prefers-reduced-motion: reduce)";

type MatchMediaOptions = { reducedMotion?: boolean };

/** Answers `(prefers-reduced-motion: reduce)` as asked, and no to every other query. */
export function mockMatchMedia({ reducedMotion = false }: MatchMediaOptions = {}): jest.Mock {
  const matchMedia = jest.fn((query: string): MediaQueryList => ({
    matches: reducedMotion && query === reducedMotionQuery,
    media: query,
    onchange: null,
    addListener: jest.fn(),
    removeListener: jest.fn(),
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
    dispatchEvent: jest.fn(() => false),
  }));
  Object.defineProperty(window, "matchMedia", {
    configurable: true,
    writable: true,
    value: matchMedia,
  });
  return matchMedia;
}

/** Puts jsdom back as it was: no `matchMedia` at all. */
export function removeMatchMedia(): void {
  Reflect.deleteProperty(window, "matchMedia");
}
