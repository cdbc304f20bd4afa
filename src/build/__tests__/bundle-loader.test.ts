import { bundlesAfterFirstPaint, bundlesOf } from "../bundle-loader";

// Gatsby's scripts slice, as it stitches it into every page between its markers.
const scriptsSlice =
  '<!-- slice-start id="_gatsby-scripts-1" -->' +
  '<script id="gatsby-chunk-mapping">window.___chunkMapping="{}";</script>' +
  '<script src="/webpack-runtime-0a1b.js" async=""></script>' +
  '<script src="/framework-2c3d.js" async=""></script>' +
  '<script src="/app-4e5f.js" async=""></script>' +
  '<!-- slice-end id="_gatsby-scripts-1" -->';
const gatsbyTail = `${scriptsSlice}</body></html>`;

describe("bundlesAfterFirstPaint", () => {
  const html = bundlesAfterFirstPaint(`<html><body><main>Texte</main>${gatsbyTail}`);

  it("leaves no bundle for the browser to fetch before it paints", () => {
    expect(html).not.toMatch(/<script src=/);
  });

  /** Runs the page's loader against a fake browser; returns what it appended, and the hooks. */
  function runLoader({
    paintTiming,
    observer = "works",
  }: {
    paintTiming: boolean;
    observer?: "works" | "throws" | "missing";
  }) {
    const loader = /<script>(\(function\(\)\{.*\}\)\(\))<\/script>/u.exec(html)?.[1];
    expect(loader).toBeDefined();
    const appended: string[] = [];
    const frames: Array<() => void> = [];
    const timers: Array<{ callback: () => void; delay: number }> = [];
    const observers: Array<(entries: string[]) => void> = [];
    class FakeObserver {
      static supportedEntryTypes = paintTiming ? ["paint", "longtask"] : ["longtask"];
      connected = true;
      constructor(private readonly callback: (list: object, observer: FakeObserver) => void) {}
      observe(options: { type: string; buffered: boolean }) {
        if (observer === "throws") throw new TypeError("entryTypes required");
        expect(options).toEqual({ type: "paint", buffered: true });
        observers.push((names) => {
          if (!this.connected) return;
          const list = { getEntriesByName: (name: string) => names.filter((n) => n === name) };
          this.callback(list, this);
        });
      }
      disconnect() {
        this.connected = false;
      }
    }
    const fakeDocument = {
      createElement: () => ({ src: "" }),
      body: { appendChild: (script: { src: string }) => appended.push(script.src) },
    };
    new Function("window", "requestAnimationFrame", "setTimeout", "document", loader ?? "")(
      { PerformanceObserver: observer === "missing" ? undefined : FakeObserver },
      (callback: () => void) => frames.push(callback),
      (callback: () => void, delay = 0) => timers.push({ callback, delay }),
      fakeDocument,
    );
    return { appended, frames, timers, observers };
  }

  const bundles = ["/webpack-runtime-0a1b.js", "/framework-2c3d.js", "/app-4e5f.js"];

  it("asks for the same bundles, in order, once the first contentful paint is on screen", () => {
    const { appended, observers } = runLoader({ paintTiming: true });
    expect(appended).toEqual([]);
    observers.forEach((deliver) => deliver(["first-paint"]));
    expect(appended).toEqual([]);
    observers.forEach((deliver) => deliver(["first-contentful-paint"]));
    expect(appended).toEqual(bundles);
  });

  it.each([
    { paintTiming: false, observer: "works", what: "without paint timing" },
    { paintTiming: true, observer: "throws", what: "when the paint observer throws" },
    { paintTiming: true, observer: "missing", what: "when the paint observer is missing" },
  ] as const)("$what, asks for them after the first frame", ({ paintTiming, observer }) => {
    const { appended, frames, timers } = runLoader({ paintTiming, observer });
    expect(appended).toEqual([]);
    frames.forEach((frame) => frame());
    timers.filter(({ delay }) => delay === 0).forEach(({ callback }) => callback());
    expect(appended).toEqual(bundles);
    expect(timers.some(({ delay }) => delay === 4000)).toBe(true);
  });

  it("asks for them after four seconds if nothing is painted, and never twice", () => {
    const { appended, timers, observers } = runLoader({ paintTiming: true });
    const fallback = timers.find(({ delay }) => delay === 4000);
    fallback?.callback();
    expect(appended).toEqual(bundles);
    observers.forEach((deliver) => deliver(["first-contentful-paint"]));
    fallback?.callback();
    expect(appended).toEqual(bundles);
  });

  it("still names its bundles to whoever reads the page", () => {
    expect(bundlesOf(html)).toEqual(bundles);
  });

  it("keeps the inline scripts the bundles need before them", () => {
    expect(html).toContain('<script id="gatsby-chunk-mapping">');
    expect(html.indexOf("gatsby-chunk-mapping")).toBeLessThan(
      html.indexOf("first-contentful-paint"),
    );
  });

  it("starts the site once on a page a later build reuses and stitches again", () => {
    // Gatsby keeps an unchanged page's HTML and only writes its scripts slice afresh.
    const restitched = html.replace(/<!-- slice-start.*slice-end[^>]*-->/u, scriptsSlice);
    const again = bundlesAfterFirstPaint(restitched);
    expect(again.match(/function load\(\)/gu)).toHaveLength(1);
    expect(again).toBe(html);
  });

  it("leaves a page without bundles as it is", () => {
    expect(bundlesAfterFirstPaint("<html><body><p>Admin</p></body></html>")).toBe(
      "<html><body><p>Admin</p></body></html>",
    );
  });
});
