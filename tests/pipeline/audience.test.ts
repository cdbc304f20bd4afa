import { PostgresDatabase } from "../../src/server/leads/postgres-database";
import { SqlLeadStore } from "../../src/server/leads/sql-store";
import { caps } from "../../src/server/audience/count-hit";
import { personHeaders } from "../../src/test-utils/anti-bot";
import { sampleRequest } from "./support/leads";
import { TestPostgres } from "./support/postgres";
import { SiteProcess } from "./support/site-process";

// The audience measure on PostgreSQL with two `npm run serve` processes behind one proxy: one
// salt for the day whichever process makes it, one visitor whichever process counts it, events
// that add up; a flood of junk beacons through both, capped, while quote requests are answered.

const postgres = new TestPostgres(9694);
let store: SqlLeadStore;
const sites: SiteProcess[] = [];
const agent =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

beforeAll(async () => {
  postgres.start();
  postgres.createDatabase();
  store = new SqlLeadStore(new PostgresDatabase({ connectionString: postgres.url }));
  await store.migrate();
  for (const port of [9695, 9696]) {
    // Behind the proxy on loopback, which gives each visitor's address.
    sites.push(new SiteProcess(port, { DATABASE_URL: postgres.url, TRUST_PROXY: "127.0.0.1" }));
  }
  await Promise.all(sites.map((site) => site.start()));
}, 120_000);

afterAll(async () => {
  for (const site of sites) await site.destroy();
  await store?.close();
  postgres.destroy();
});

function beacon(site: SiteProcess, body: unknown, address = "192.0.2.10") {
  return fetch(`${site.url}/api/audience`, {
    method: "POST",
    headers: {
      "content-type": "text/plain;charset=UTF-8",
      origin: site.url,
      "sec-fetch-site": "same-origin",
      "user-agent": agent,
      "x-forwarded-for": address,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
}

const query = async (sql: string) => (await store.database.query(sql)).rows;

test("two processes: one salt, one visitor, events that add up", async () => {
  const view = { kind: "view", path: "/", width: "small" };
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) => beacon(sites[i % 2]!, view)),
  );
  expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(204));
  expect(await query("SELECT count(*)::int AS n FROM audience_salts")).toEqual([{ n: 1 }]);
  expect(
    await query(
      "SELECT count(*)::int AS events, count(DISTINCT visitor)::int AS visitors FROM audience_events",
    ),
  ).toEqual([{ events: 20, visitors: 1 }]);
  // Nothing of the visitor in any table.
  const stored = JSON.stringify([
    await query("SELECT * FROM audience_events"),
    await query("SELECT * FROM audience_salts"),
  ]);
  expect(stored).not.toContain("192.0.2");
  expect(stored).not.toContain("Pixel 8");
});

test("a flood of junk beacons through both processes: capped, refused, and quote requests still answered", async () => {
  const junk = [
    ...Array.from({ length: 300 }, (_, i) => ({
      kind: "view",
      path: `/x${i}-${Math.random()}`,
      width: "large",
    })),
    ...Array.from({ length: 100 }, () => "not json at all"),
    ...Array.from({ length: 100 }, () => ({
      kind: "step",
      step: "accepted",
      path: "/",
      width: "small",
    })),
  ];
  const flood = Promise.all(
    junk.map((body, i) =>
      beacon(sites[i % 2]!, body, `198.51.100.${i % 250}`).then((a) => a.status),
    ),
  );
  const post = await fetch(`${sites[0]!.url}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(await personHeaders()) },
    body: JSON.stringify(sampleRequest),
    signal: AbortSignal.timeout(20_000),
  });
  expect(post.status).toBe(201);
  const statuses = await flood;
  expect(statuses.filter((status) => status === 204)).toHaveLength(300);
  expect(statuses.filter((status) => status === 400)).toHaveLength(200);
  const [{ paths }] = (await query(
    "SELECT count(DISTINCT path)::int AS paths FROM audience_events WHERE kind = 'missing'",
  )) as [{ paths: number }];
  // The cap, exactly, however the two processes interleaved; the rest under one name.
  expect(paths).toBe(caps.missingPaths + 1);
  expect(await query("SELECT class, hits::int FROM audience_filtered ORDER BY class")).toEqual([
    { class: "invalid", hits: 200 },
  ]);
});
