/** @jest-environment node */
import { firstKeptDay, parisDay, visitorHash } from "../visitor";
import { isRobot, traitsOf } from "../classify";
import { pagePath, referrerHost } from "../count-hit";

// The pieces of the anonymous count: the Paris day a hit belongs to, the events' 25 months, the
// day's visitor hash, what a User-Agent may tell, and what of a path and a referrer is kept.

test("a hit's day is Paris's, across midnight and the changes of hour", () => {
  expect(parisDay(new Date("2026-11-28T22:59:59Z"))).toBe("2026-11-28");
  expect(parisDay(new Date("2026-11-28T23:00:00Z"))).toBe("2026-11-29");
  // Summer time: midnight in Paris is 22:00 UTC.
  expect(parisDay(new Date("2026-07-14T21:59:59Z"))).toBe("2026-07-14");
  expect(parisDay(new Date("2026-07-14T22:00:00Z"))).toBe("2026-07-15");
});

test("events are kept 25 months: the first day kept, the month's last when shorter", () => {
  expect(firstKeptDay(new Date("2026-11-28T12:00:00Z"))).toBe("2024-10-28");
  expect(firstKeptDay(new Date("2026-03-31T10:00:00Z"))).toBe("2024-02-29");
  expect(firstKeptDay(new Date("2027-03-31T10:00:00Z"))).toBe("2025-02-28");
  expect(firstKeptDay(new Date("2026-01-15T10:00:00Z"))).toBe("2023-12-15");
});

test("a visitor is the same within a day's salt, another with the next salt, and holds none of its inputs", () => {
  const address = "203.0.113.77";
  const agent = "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36 marker-ua-42";
  const today = visitorHash("salt-of-today", address, agent, "www.example.fr");
  expect(visitorHash("salt-of-today", address, agent, "www.example.fr")).toBe(today);
  expect(visitorHash("salt-of-tomorrow", address, agent, "www.example.fr")).not.toBe(today);
  expect(visitorHash("salt-of-today", "203.0.113.78", agent, "www.example.fr")).not.toBe(today);
  expect(today).toMatch(/^[A-Za-z0-9_-]{22}$/);
  expect(today).not.toContain("203");
});

test.each([
  ["Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", true],
  ["Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", true],
  ["curl/8.5.0", true],
  ["python-requests/2.32.3", true],
  ["HeadlessChrome/131.0", true],
  ["", true],
  [undefined, true],
  [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
    false,
  ],
])("%s is a robot: %s", (agent, robot) => {
  expect(isRobot(agent)).toBe(robot);
});

test.each([
  [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
    "Safari",
    "mobile",
  ],
  [
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
    "Chrome",
    "mobile",
  ],
  [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
    "Edge",
    "ordinateur",
  ],
  [
    "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
    "Firefox",
    "ordinateur",
  ],
  [
    "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
    "Safari",
    "tablette",
  ],
  [
    "Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Safari/537.36",
    "Samsung Internet",
    "tablette",
  ],
])("%s: %s on a %s", (agent, browser, device) => {
  expect(traitsOf(agent)).toEqual({ browser, device });
});

test("a path keeps its path alone, without query, fragment or final slash; a referrer its host", () => {
  expect(pagePath("/mentions-legales/?utm_source=news&gclid=abc#haut")).toBe("/mentions-legales");
  expect(pagePath("/")).toBe("/");
  expect(pagePath(`/${"a".repeat(5_000)}`)).toHaveLength(200);
  expect(pagePath("https://evil.example/x")).toBeNull();
  expect(pagePath("//evil.example/x")).toBeNull();
  expect(referrerHost("www.Google.com", "www.example.fr")).toBe("www.google.com");
  expect(referrerHost("www.example.fr", "www.example.fr")).toBeNull();
  expect(referrerHost("https://x.example/page?utm_campaign=1", "www.example.fr")).toBeNull();
  expect(referrerHost("<script>", "www.example.fr")).toBeNull();
});
