// The site's own audience measure (docs/audience.md): a page view, the quote form's steps and the
// page's real-user speed, each sent once to this site's /api/audience (never another host), as
// text by navigator.sendBeacon. No cookie and no storage, but the opt-out flag the privacy policy
// sets; no identifier: the server makes the day's anonymous visitor itself. Nothing is sent for a
// page being prerendered or never shown, for a visitor who opted out, or who asks browsers not to
// be tracked (Do Not Track, Global Privacy Control).

import { quoteSentEvent } from "../features/quote-form/quote-sent-event";

/** The privacy policy's control writes this key ("non") in localStorage; nothing else is kept. */
export const optOutKey = "mesure-audience";

type Beacon = Record<string, string | number | boolean | undefined>;

const navigatorFlags = navigator as Navigator & { globalPrivacyControl?: boolean };

/** Whether this visitor refused the measure, here or in their browser. */
export function optedOut(): boolean {
  try {
    if (localStorage.getItem(optOutKey) === "non") return true;
  } catch {
    // Storage blocked: the browser's own signals decide.
  }
  return navigator.doNotTrack === "1" || navigatorFlags.globalPrivacyControl === true;
}

function send(beacon: Beacon): void {
  if (optedOut()) return;
  const width = innerWidth < 600 ? "small" : innerWidth < 1024 ? "medium" : "large";
  navigator.sendBeacon(
    "/api/audience",
    JSON.stringify({
      path: location.pathname,
      width,
      ...(navigator.webdriver && { webdriver: true }),
      ...beacon,
    }),
  );
}

/** Runs `then` once the page is shown: at once, or when it leaves prerendering or the background. */
function whenShown(then: () => void): void {
  const doc = document as Document & { prerendering?: boolean };
  if (!doc.prerendering && doc.visibilityState === "visible") return then();
  const check = () => {
    if (doc.prerendering || doc.visibilityState !== "visible") return;
    removeEventListener("visibilitychange", check, true);
    then();
  };
  document.addEventListener("visibilitychange", check, true);
  document.addEventListener("prerenderingchange", check, true);
}

/** The largest paint, the layout shifts' largest session, the slowest interaction. */
function watchSpeed(): void {
  const speed = { lcp: 0, cls: 0, inp: 0 };
  let session = { value: 0, first: 0, last: 0 };
  const observe = (type: string, each: (entry: PerformanceEntry) => void, extra = {}) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(each)).observe({
        type,
        buffered: true,
        ...extra,
      });
    } catch {
      // A browser without this entry type: that figure is not sent.
    }
  };
  observe("largest-contentful-paint", (entry) => (speed.lcp = entry.startTime));
  observe("layout-shift", (entry) => {
    const shift = entry as PerformanceEntry & { value: number; hadRecentInput: boolean };
    if (shift.hadRecentInput) return;
    const near = entry.startTime - session.last < 1_000 && entry.startTime - session.first < 5_000;
    session = near
      ? { value: session.value + shift.value, first: session.first, last: entry.startTime }
      : { value: shift.value, first: entry.startTime, last: entry.startTime };
    speed.cls = Math.max(speed.cls, session.value);
  });
  observe("event", (entry) => (speed.inp = Math.max(speed.inp, entry.duration)), {
    durationThreshold: 40,
  });
  let sent = false;
  const flush = () => {
    if (sent || document.visibilityState !== "hidden") return;
    sent = true;
    send({
      kind: "speed",
      lcp: speed.lcp ? Math.round(speed.lcp) : undefined,
      cls: Math.round(speed.cls * 1000) / 1000,
      inp: speed.inp ? Math.round(speed.inp) : undefined,
    });
  };
  document.addEventListener("visibilitychange", flush);
}

/** The quote form's steps, each once per page: seen, started (first field typed), sent. */
function watchForm(form: HTMLElement): void {
  const step = (name: string) => send({ kind: "step", step: name });
  const seen = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    seen.disconnect();
    step("seen");
  });
  seen.observe(form);
  form.addEventListener("input", () => step("started"), { once: true, capture: true });
  document.addEventListener(quoteSentEvent, () => step("sent"), { once: true });
}

export function measureAudience(): void {
  whenShown(() => {
    let referrer: string | undefined;
    try {
      const host = document.referrer && new URL(document.referrer).hostname;
      referrer = host && host !== location.hostname ? host : undefined;
    } catch {
      // Not a URL: no referrer.
    }
    send({ kind: "view", referrer });
    watchSpeed();
    const form = document.querySelector<HTMLElement>('[data-island="quote-form"]');
    if (form) watchForm(form);
  });
}
