/** @jest-environment node */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { challengeFailedMessage } from "../spam/screen";
import { personHeaders } from "../../test-utils/anti-bot";
import { embeddedStoreForFile } from "../../test-utils/file-store";
import { smallSite, testConfig, testServer } from "../../test-utils/test-server";
import { valid as request } from "../../test-utils/quote-request-cases";

// A request sent again unchanged (same Idempotency-Key, same body, same Altcha header), as a
// browser does on a dropped keep-alive connection or a proxy on a timeout, gets the first answer:
// 201, the first id, Idempotent-Replayed, one lead stored. Its proof was spent by itself.
// Through the production server (src/server/http/server.ts), on the embedded engine; the same on
// PostgreSQL with two processes: tests/pipeline/replay.test.ts.

// One embedded database for the file, opened and emptied before each test, closed after them.
const files = embeddedStoreForFile("replay-data-");
let folder: string;
let app: FastifyInstance;

beforeEach(async () => {
  folder = mkdtempSync(join(tmpdir(), "replay-"));
  // The rate limits on, as in production: a replay answered from the store is not counted.
  app = await testServer(testConfig(folder, { QUOTE_RATE_LIMIT: "address=2/10m" }), {
    publicDir: smallSite(folder),
    store: files.store,
  });
});

afterEach(async () => {
  await app.close();
  rmSync(folder, { recursive: true, force: true });
});

function post(headers: Record<string, string>, body: object = request) {
  return app.inject({
    method: "POST",
    url: "/api/contact",
    headers: { "content-type": "application/json", ...headers },
    payload: JSON.stringify(body),
  });
}

const idOf = (answer: { json(): unknown }) => (answer.json() as { id: string }).id;

test("sent twice in a row, unchanged: 201 twice, the first id, Idempotent-Replayed, one lead", async () => {
  const headers = { ...(await personHeaders()), "idempotency-key": "replay-sequential-1" };
  const first = await post(headers);
  const again = await post(headers);
  const third = await post(headers);

  expect([first.statusCode, again.statusCode, third.statusCode]).toEqual([201, 201, 201]);
  expect(first.headers["idempotent-replayed"]).toBeUndefined();
  expect(again.headers["idempotent-replayed"]).toBe("true");
  expect([idOf(again), idOf(third)]).toEqual([idOf(first), idOf(first)]);
  expect((await files.store.leads.list()).map((lead) => lead.id)).toEqual([idOf(first)]);
});

test("sent five times at once, unchanged: 201 each, one id, one lead", async () => {
  const headers = { ...(await personHeaders()), "idempotency-key": "replay-concurrent-1" };
  const answers = await Promise.all(Array.from({ length: 5 }, () => post(headers)));

  expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201]);
  expect(new Set(answers.map(idOf)).size).toBe(1);
  expect(answers.filter((answer) => answer.headers["idempotent-replayed"] === "true")).toHaveLength(
    4,
  );
  expect((await files.store.leads.list()).map((lead) => lead.id)).toEqual([idOf(answers[0]!)]);
});

test("another body under the same key and proof: 422, nothing stored", async () => {
  const headers = { ...(await personHeaders()), "idempotency-key": "replay-conflict-1" };
  expect((await post(headers)).statusCode).toBe(201);
  const other = await post(headers, { ...request, company: "Autre organisme" });
  expect(other.statusCode).toBe(422);
  expect(other.json()).toEqual({
    messageText:
      "Cet en-tête Idempotency-Key a déjà servi pour une autre demande : envoyez-la avec une nouvelle clé",
  });
  expect((await files.store.leads.list()).map((lead) => lead.request.company)).toEqual([
    request.company,
  ]);
});

test("another body under the same key and proof, at once: one 201, the other refused, one lead", async () => {
  const headers = { ...(await personHeaders()), "idempotency-key": "replay-conflict-2" };
  const answers = await Promise.all([
    post(headers),
    post(headers, { ...request, company: "Autre organisme" }),
  ]);
  // Whichever spends the proof first is stored; the other is another request, refused by the
  // spent proof (403) or, if it comes after the save, by the key (422).
  const statuses = answers.map((answer) => answer.statusCode).sort();
  expect(statuses[0]).toBe(201);
  expect([403, 422]).toContain(statuses[1]);
  expect(await files.store.leads.list()).toHaveLength(1);
});

test("a spent proof under a new key: 403, nothing more stored", async () => {
  const proof = await personHeaders();
  expect((await post({ ...proof, "idempotency-key": "replay-first-key" })).statusCode).toBe(201);
  const other = await post({ ...proof, "idempotency-key": "replay-second-key" });
  expect(other.statusCode).toBe(403);
  expect(other.json()).toEqual({ messageText: challengeFailedMessage });
  expect(await files.store.leads.list()).toHaveLength(1);
});

test("a spent proof without any key: 403, as nothing makes it the same request", async () => {
  const proof = await personHeaders();
  expect((await post(proof)).statusCode).toBe(201);
  expect((await post(proof)).statusCode).toBe(403);
  expect(await files.store.leads.list()).toHaveLength(1);
});

test("replays are not counted by the rate limit: two requests allowed, replayed often", async () => {
  const headers = { ...(await personHeaders()), "idempotency-key": "replay-limit-1" };
  const first = await post(headers);
  for (let i = 0; i < 4; i += 1) expect((await post(headers)).statusCode).toBe(201);
  // The second new request of the window is still allowed, the third is not.
  const second = await post({ ...(await personHeaders()), "idempotency-key": "replay-limit-2" });
  const third = await post({ ...(await personHeaders()), "idempotency-key": "replay-limit-3" });
  expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([201, 201, 429]);
});
