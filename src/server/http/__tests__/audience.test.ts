/** @jest-environment node */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { caps, otherMissing } from "../../audience/count-hit";
import { embeddedStoreForFile } from "../../../test-utils/file-store";
import { captureLog } from "../../../test-utils/log-capture";
import { waitFor } from "../../../test-utils/leads";
import { smallSite, testConfig, testServer } from "../../../test-utils/test-server";
// The types of the decorators it adds (isUnderPressure).
import type {} from "@fastify/under-pressure";

// POST /api/audience on the server `npm run serve` starts, with a real embedded store: what a
// visitor's page sends is counted under the day's anonymous hash; nothing of the address, the
// User-Agent, a referrer's page or a campaign is kept anywhere; robots, refusals, other origins and
// junk are filtered and counted by class; floods are capped.

const files = embeddedStoreForFile("audience-data-");
const folder = mkdtempSync(join(tmpdir(), "audience-"));
const publicDir = smallSite(folder);
mkdirSync(join(publicDir, "mentions-legales"));
writeFileSync(
  join(publicDir, "mentions-legales", "index.html"),
  "<!doctype html><title>Mentions</title>",
);
let app: FastifyInstance;
let clock = new Date("2026-11-28T10:00:00Z");
const logged = captureLog();

const browser =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 ua-marker-7f3a";
const address = "198.51.100.23";

beforeAll(async () => {
  // The trusted proxy gives the client's address, as Caddy does in production.
  app = await testServer(testConfig(folder, { TRUST_PROXY: "127.0.0.1" }), {
    publicDir,
    store: files.store,
    log: logged.log,
    now: () => clock,
  });
});

afterAll(async () => {
  await app.close();
  rmSync(folder, { recursive: true, force: true });
});

beforeEach(() => {
  clock = new Date("2026-11-28T10:00:00Z");
  logged.lines.length = 0;
});

function beacon(
  body: unknown,
  headers: Record<string, string> = {},
  from: { address?: string; agent?: string } = {},
) {
  return app.inject({
    method: "POST",
    url: "/api/audience",
    headers: {
      host: "www.example.fr",
      origin: "https://www.example.fr",
      "sec-fetch-site": "same-origin",
      "content-type": "text/plain;charset=UTF-8",
      "user-agent": from.agent ?? browser,
      "x-forwarded-for": from.address ?? address,
      ...headers,
    },
    payload: typeof body === "string" || Buffer.isBuffer(body) ? body : JSON.stringify(body),
  });
}

const view = (path = "/", extra: object = {}) => ({ kind: "view", path, width: "small", ...extra });

/** Every row of every audience table, as text. */
async function everythingStored(): Promise<string> {
  const tables = ["audience_salts", "audience_events", "audience_daily", "audience_filtered"];
  const rows = await Promise.all(
    tables.map(async (table) => (await files.store.database.query(`SELECT * FROM ${table}`)).rows),
  );
  return JSON.stringify(rows);
}

const events = async () =>
  (
    await files.store.database.query<{ kind: string; path: string; visitor: string; day: string }>(
      "SELECT kind, path, visitor, day, referrer, browser, device, width FROM audience_events ORDER BY seq",
    )
  ).rows;
const filtered = async () =>
  Object.fromEntries(
    (
      await files.store.database.query<{ class: string; hits: number }>(
        "SELECT class, hits FROM audience_filtered",
      )
    ).rows.map((row) => [row.class, Number(row.hits)]),
  );

test("a page view: 204, one event under the day's hash, and nothing of the visitor kept or logged", async () => {
  const answer = await beacon(
    view("/mentions-legales/?utm_source=lettre&utm_campaign=hiver&gclid=Cj0KCQ", {
      referrer: "www.linkedin.com",
    }),
  );
  expect(answer.statusCode).toBe(204);
  expect(answer.headers["cache-control"]).toBe("no-store");
  expect(await events()).toEqual([
    expect.objectContaining({
      kind: "view",
      path: "/mentions-legales",
      referrer: "www.linkedin.com",
      browser: "Chrome",
      device: "ordinateur",
      width: "small",
      day: "2026-11-28",
    }),
  ]);
  const stored = await everythingStored();
  const log = JSON.stringify(logged.lines);
  for (const secret of [
    address,
    "198.51.100",
    "ua-marker-7f3a",
    "Mozilla",
    "utm",
    "lettre",
    "hiver",
    "Cj0KCQ",
  ]) {
    expect([secret, stored.includes(secret)]).toEqual([secret, false]);
    expect([secret, log.includes(secret)]).toEqual([secret, false]);
  }
  // The route's own log line: no address.
  expect(logged.lines.find((line) => line.path === "/api/audience")).not.toHaveProperty("ip");
});

test("one visitor a day: the same hash all day, another the next day, when the day's salt before is gone", async () => {
  await beacon(view("/"));
  await beacon(view("/mentions-legales"));
  clock = new Date("2026-11-28T22:59:00Z");
  await beacon(view("/"));
  const salts = async () =>
    (await files.store.database.query<{ day: string }>("SELECT day FROM audience_salts")).rows;
  expect(await salts()).toEqual([{ day: "2026-11-28" }]);
  // Midnight in Paris.
  clock = new Date("2026-11-28T23:00:01Z");
  await beacon(view("/"));
  const [first, second, third, nextDay] = await events();
  expect(new Set([first!.visitor, second!.visitor, third!.visitor]).size).toBe(1);
  expect(nextDay).toMatchObject({ day: "2026-11-29" });
  expect(nextDay!.visitor).not.toBe(first!.visitor);
  expect(await salts()).toEqual([{ day: "2026-11-29" }]);
  // Another address is another visitor.
  await beacon(view("/"), {}, { address: "198.51.100.24" });
  expect((await events()).at(-1)!.visitor).not.toBe(nextDay!.visitor);
});

test("robots, automated browsers, refusals and other origins are not counted, each counted by class", async () => {
  const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
  const answers = [
    await beacon(view("/"), {}, { agent: googlebot }),
    await beacon(view("/"), { "user-agent": "" }),
    await beacon(view("/", { webdriver: true })),
    await beacon(view("/"), { dnt: "1" }),
    await beacon(view("/"), { "sec-gpc": "1" }),
    await beacon(view("/"), { origin: "https://evil.example" }),
    await beacon(view("/"), { "sec-fetch-site": "cross-site" }),
  ];
  expect(answers.map((answer) => answer.statusCode)).toEqual([204, 204, 204, 204, 204, 204, 204]);
  expect(await events()).toEqual([]);
  expect(await filtered()).toEqual({ robot: 2, automated: 1, "opted-out": 2, foreign: 2 });
});

test("hostile bodies: refused with no effect, counted as malformed", async () => {
  const answers = [
    await beacon("x".repeat(1_048_576)),
    await beacon(view(`/${"a".repeat(10_000)}`)),
    await beacon(Buffer.from([0x7b, 0xff, 0xfe, 0x7d])),
    await beacon({ kind: "view", path: 42, width: "small" }),
    await beacon({ kind: "step", step: "accepted", path: "/", width: "small" }),
    await beacon({ ...view("/"), visitor: "chosen-by-the-page" }),
    await beacon(view("/"), { "content-type": "application/x-www-form-urlencoded" }),
    await beacon(view("https://evil.example/")),
  ];
  expect(answers.map((answer) => answer.statusCode)).toEqual([
    413, 413, 400, 400, 400, 400, 415, 204,
  ]);
  expect(await events()).toEqual([]);
  expect(await filtered()).toEqual({ invalid: 8 });
  // The quote endpoint still answers.
  expect((await app.inject({ url: "/api/challenge" })).statusCode).toBe(200);
});

test("paths not found are capped per day; a flooding visitor is capped too", async () => {
  for (let i = 0; i < caps.missingPaths + 20; i += 1) {
    await beacon(view(`/introuvable-${i}`), {}, { address: `198.51.100.${i % 200}` });
  }
  const missing = (await events()).filter((event) => event.kind === "missing");
  expect(new Set(missing.map((event) => event.path)).size).toBe(caps.missingPaths + 1);
  expect(missing.filter((event) => event.path === otherMissing)).toHaveLength(20);

  for (let i = 0; i < caps.perVisitor + 5; i += 1)
    await beacon(view("/"), {}, { address: "203.0.113.9" });
  expect(await filtered()).toMatchObject({ flood: 5 });
});

test("under pressure, a beacon is dropped with the same empty answer, never a 503", async () => {
  // A heap limit of one byte: the first measure puts the process under pressure.
  const shedding = await testServer(testConfig(folder, { TRUST_PROXY: "127.0.0.1" }), {
    publicDir,
    store: files.store,
    pressure: { maxHeapUsedBytes: 1, sampleInterval: 10 },
  });
  try {
    await waitFor(() => shedding.isUnderPressure(), 5_000, "the first measure");
    const answer = await shedding.inject({
      method: "POST",
      url: "/api/audience",
      headers: { "content-type": "text/plain", "user-agent": browser },
      payload: JSON.stringify(view("/")),
    });
    expect(answer.statusCode).toBe(204);
    expect(await events()).toEqual([]);
    // Pages are shed as before.
    expect((await shedding.inject({ url: "/" })).statusCode).toBe(503);
  } finally {
    await shedding.close();
  }
});
