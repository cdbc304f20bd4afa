import { afterFirstContentfulPaint } from "../after-first-paint";

// jsdom paints nothing and has no PerformanceObserver: the browser's side is played here by a
// small observer that reports the entries a test hands it. The real order (the script fetched
// after the reported paint) is checked in Chromium by e2e/deferred-form.test.mjs.

type Entry = { name: string };
let observers: { report: (entries: Entry[]) => void; disconnected: boolean }[] = [];

class PaintObserver {
  static supportedEntryTypes = ["paint"];
  private readonly record: { report: (entries: Entry[]) => void; disconnected: boolean };
  constructor(callback: (list: { getEntriesByName: (name: string) => Entry[] }) => void) {
    this.record = {
      disconnected: false,
      report: (entries) =>
        callback({ getEntriesByName: (name) => entries.filter((entry) => entry.name === name) }),
    };
    observers.push(this.record);
  }
  observe() {}
  disconnect() {
    this.record.disconnected = true;
  }
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, "visibilityState", { value: state, configurable: true });
}

beforeEach(() => {
  observers = [];
  setVisibility("visible");
  Object.assign(globalThis, { PerformanceObserver: PaintObserver });
});

it("starts once the first contentful paint is reported, and only once", () => {
  const start = jest.fn();
  afterFirstContentfulPaint(start);
  observers[0]?.report([{ name: "first-paint" }]);
  expect(start).not.toHaveBeenCalled();
  observers[0]?.report([{ name: "first-contentful-paint" }]);
  expect(start).toHaveBeenCalledTimes(1);
  expect(observers[0]?.disconnected).toBe(true);
  document.dispatchEvent(new Event("visibilitychange"));
  expect(start).toHaveBeenCalledTimes(1);
});

it("starts at once on a page loaded hidden, which may never report a paint", () => {
  setVisibility("hidden");
  const start = jest.fn();
  afterFirstContentfulPaint(start);
  expect(start).toHaveBeenCalledTimes(1);
});

it("starts when the page is hidden before its first paint", () => {
  const start = jest.fn();
  afterFirstContentfulPaint(start);
  setVisibility("hidden");
  document.dispatchEvent(new Event("visibilitychange"));
  expect(start).toHaveBeenCalledTimes(1);
  observers[0]?.report([{ name: "first-contentful-paint" }]);
  expect(start).toHaveBeenCalledTimes(1);
});

it("starts at once in a browser that reports no paint", () => {
  Object.assign(globalThis, { PerformanceObserver: undefined });
  const start = jest.fn();
  afterFirstContentfulPaint(start);
  expect(start).toHaveBeenCalledTimes(1);
});
