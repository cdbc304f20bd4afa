import { randomUUID } from "node:crypto";
import { PostgresDatabase } from "../../src/server/leads/postgres-database";
import { SqlLeadStore } from "../../src/server/leads/sql-store";
import { answerRawRequest, type RawQuoteRequest } from "../../src/server/quote-endpoint";
import { parseRateLimits } from "../../src/server/spam/rate-limit";
import { challengeFailedMessage } from "../../src/server/spam/screen";
import { personHeaders, testChallengeSecret } from "../../src/test-utils/anti-bot";
import { captureLog } from "../../src/test-utils/log-capture";
import { sampleRequest } from "./support/leads";
import { TestPostgres } from "./support/postgres";
import { SiteProcess } from "./support/site-process";

// A request sent again unchanged (same Idempotency-Key, same body, same Altcha header), to the
// same `npm run serve` or to another one on the same PostgreSQL, one after the other or at once:
// the first answer each time (201, the first id, Idempotent-Replayed), one row. Its proof of work
// was spent by that very request (src/server/spam/screen.ts, `spenderOf`), so it is let through
// to the insert, which the unique key keeps single. Another body under the key is still a 422,
// the spent proof under another key still a 403.

const postgres = new TestPostgres(9691);
let store: SqlLeadStore;
const open = () => new SqlLeadStore(new PostgresDatabase({ connectionString: postgres.url }));
const sites: SiteProcess[] = [];
let a: SiteProcess;
let b: SiteProcess;

beforeAll(async () => {
  postgres.start();
  postgres.createDatabase();
  store = open();
  await store.migrate();
  for (const port of [9692, 9693]) {
    const site = new SiteProcess(port, { DATABASE_URL: postgres.url });
    sites.push(site);
  }
  [a, b] = sites as [SiteProcess, SiteProcess];
  await Promise.all(sites.map((site) => site.start()));
});

afterAll(async () => {
  for (const site of sites) await site.destroy();
  await store?.close();
  postgres.destroy();
});

beforeEach(async () => {
  await store.database.query("DELETE FROM leads");
});

interface Answer {
  status: number;
  body: Record<string, unknown>;
  replayed: boolean;
}

/** One POST with exactly these headers: the same request can then be sent again, unchanged. */
async function send(
  site: SiteProcess,
  headers: Record<string, string>,
  body: object = sampleRequest,
): Promise<Answer> {
  const response = await fetch(`${site.url}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    replayed: response.headers.get("idempotent-replayed") === "true",
  };
}

async function rows(): Promise<number> {
  const { rows: found } = await store.database.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM leads",
  );
  return found[0]!.n;
}

async function sameRequest() {
  return { ...(await personHeaders()), "idempotency-key": randomUUID() };
}

test("sent again to the same process, then to the other: 201 with the first id, one row", async () => {
  const headers = await sameRequest();
  const first = await send(a, headers);
  const again = await send(a, headers);
  const elsewhere = await send(b, headers);
  expect([first.status, again.status, elsewhere.status]).toEqual([201, 201, 201]);
  expect([first.replayed, again.replayed, elsewhere.replayed]).toEqual([false, true, true]);
  expect([again.body.id, elsewhere.body.id]).toEqual([first.body.id, first.body.id]);
  expect(await rows()).toBe(1);
});

test("fifty requests, each sent to both processes at once: 100 answers 201, 50 rows", async () => {
  const requests = await Promise.all(
    Array.from({ length: 50 }, async (_, i) => ({
      headers: await sameRequest(),
      body: { ...sampleRequest, company: `Office public de l'habitat n° ${i + 1}` },
    })),
  );
  const answers = await Promise.all(
    requests.flatMap(({ headers, body }) => [send(a, headers, body), send(b, headers, body)]),
  );
  expect(answers.map((answer) => answer.status)).toEqual(Array(100).fill(201));
  for (let i = 0; i < 50; i += 1) {
    const pair = [answers[2 * i]!, answers[2 * i + 1]!];
    expect(pair[0]!.body.id).toBe(pair[1]!.body.id);
    expect(pair.filter((answer) => answer.replayed)).toHaveLength(1);
  }
  expect(await rows()).toBe(50);
});

test("another body under the key is 422, the spent proof under a new key is 403: one row", async () => {
  const headers = await sameRequest();
  expect((await send(a, headers)).status).toBe(201);
  const otherBody = await send(b, headers, { ...sampleRequest, company: "Autre organisme" });
  expect(otherBody.status).toBe(422);
  const otherKey = await send(b, { ...headers, "idempotency-key": randomUUID() });
  expect(otherKey).toMatchObject({ status: 403, body: { messageText: challengeFailedMessage } });
  expect(await rows()).toBe(1);
});

test("with the rate limits on, copies sent at once through two pools are counted once", async () => {
  // Two stores on one database stand for two processes; the limit: three requests per address.
  const pools = [open(), open()];
  const spam = { secret: testChallengeSecret, limits: parseRateLimits("address=3/10m,email=off") };
  const endpoints = pools.map(
    (pool) => (raw: RawQuoteRequest) => answerRawRequest(raw, async () => ({ store: pool, spam })),
  );
  const log = captureLog().log;
  const postTo = (i: number, headers: Record<string, string>) =>
    endpoints[i % 2]!({
      method: "POST",
      // Node gives header names in lower case.
      headers: Object.fromEntries(
        Object.entries({ "content-type": "application/json", ...headers }).map(([k, v]) => [
          k.toLowerCase(),
          v,
        ]),
      ),
      body: Buffer.from(JSON.stringify(sampleRequest)),
      clientAddress: "198.51.100.77",
      log,
    });
  try {
    const headers = await sameRequest();
    const copies = await Promise.all(Array.from({ length: 6 }, (_, i) => postTo(i, headers)));
    expect(copies.map((answer) => answer.status)).toEqual(Array(6).fill(201));
    expect(new Set(copies.map((answer) => (answer.body as { id: string }).id)).size).toBe(1);
    // One hit so far: two more requests pass, the fourth is refused.
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await postTo(i, await sameRequest())).status);
    expect(statuses).toEqual([201, 201, 429]);
    expect(await rows()).toBe(3);
  } finally {
    await Promise.all(pools.map((pool) => pool.close()));
  }
});
