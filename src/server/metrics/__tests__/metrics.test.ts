/** @jest-environment node */
// What Prometheus reads, from the real app, endpoint and store: each answer counted by its route's
// pattern, quote requests by outcome, the delivery queue as the store holds it, the last backup;
// the listener on its own port, closed to a request without the token. No personal data in it.
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import type { Readiness } from "../../http/readiness";
import type { SqlLeadStore } from "../../leads/sql-store";
import { personHeaders } from "../../../test-utils/anti-bot";
import { makeLead, sampleRequest } from "../../../test-utils/leads";
import { smallSite, testConfig, testServer } from "../../../test-utils/test-server";

const root = mkdtempSync(join(tmpdir(), "metrics-"));
const publicDir = smallSite(root);
// BACKUP_DIR, as testConfig sets it.
const backupDir = join(root, "backups");
mkdirSync(backupDir);

let store: SqlLeadStore;
let app: FastifyInstance;
let listener: FastifyInstance;
let readiness: Readiness;
const token = "the scraper's token, long enough";

beforeAll(async () => {
  // The server with its metrics on, their listener on a free port of loopback (METRICS_PORT 0,
  // which its configuration refuses, is the test's own).
  const config = testConfig(root, { METRICS_TOKEN: token });
  app = await testServer(
    { ...config, metrics: { port: 0, host: "127.0.0.1", token } },
    { publicDir },
  );
  ({ store, readiness } = app);
  listener = app.metricsListener!;
});

afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

const scrape = async (headers: Record<string, string> = { authorization: `Bearer ${token}` }) => {
  const { port } = listener.server.address() as AddressInfo;
  return fetch(`http://127.0.0.1:${port}/metrics`, { headers });
};
const text = async () => (await scrape()).text();

test("requests by route pattern and status, quote requests by outcome, never what a visitor typed", async () => {
  await app.inject({ url: "/" });
  await app.inject({ url: "/un/chemin/inconnu" });
  const email = `${randomUUID()}@bailleur.test`;
  const stored = await app.inject({
    method: "POST",
    url: "/api/contact",
    headers: { "content-type": "application/json", ...(await personHeaders()) },
    payload: { ...sampleRequest, email },
  });
  expect(stored.statusCode).toBe(201);
  const refused = await app.inject({
    method: "POST",
    url: "/api/contact",
    headers: { "content-type": "application/json" },
    payload: { ...sampleRequest, email },
  });
  expect(refused.statusCode).toBe(403);
  const scraped = await text();
  expect(scraped).toContain('http_requests_total{route="/*",method="GET",status="200"} 1');
  expect(scraped).toContain('http_requests_total{route="/*",method="GET",status="404"} 1');
  expect(scraped).toContain('quote_requests_total{outcome="stored",status="201"} 1');
  expect(scraped).toContain('quote_requests_total{outcome="refused",status="403"} 1');
  expect(scraped).toMatch(/http_request_duration_seconds_count\{route="\/api\/contact"\} 2/);
  expect(scraped).toMatch(/^process_resident_memory_bytes \d+/m);
  expect(scraped).toMatch(/^nodejs_eventloop_lag_seconds /m);
  for (const typed of [email, sampleRequest.lastName, sampleRequest.phone, "chemin"]) {
    expect(scraped).not.toContain(typed);
  }
});

test("the delivery queue as the store holds it, and the last backup's age and size", async () => {
  const waiting = makeLead({}, { channels: ["email", "webhook"] });
  await store.leads.save({ ...waiting, receivedAt: new Date(Date.now() - 120_000).toISOString() });
  const backup = join(backupDir, "leads-2026-11-27T08-00-00Z.sqlite");
  writeFileSync(backup, Buffer.alloc(4096));
  const hourAgo = new Date(Date.now() - 3_600_000);
  utimesSync(backup, hourAgo, hourAgo);
  const scraped = await text();
  // The request stored above has no channel configured; the one saved here waits on two.
  expect(scraped).toMatch(/^lead_deliveries_pending 2$/m);
  const oldest = Number(/^lead_deliveries_oldest_pending_seconds (\S+)$/m.exec(scraped)?.[1]);
  expect(oldest).toBeGreaterThanOrEqual(120);
  expect(oldest).toBeLessThan(600);
  const age = Number(/^backup_last_age_seconds (\S+)$/m.exec(scraped)?.[1]);
  expect(age).toBeGreaterThanOrEqual(3600);
  expect(age).toBeLessThan(3700);
  expect(scraped).toMatch(/^backup_last_size_bytes 4096$/m);
});

test("readiness in detail, for the operator: each check of the server's last, behind the token", async () => {
  const { port } = listener.server.address() as AddressInfo;
  const readyz = (headers: Record<string, string>) =>
    fetch(`http://127.0.0.1:${port}/readyz`, { headers });
  // No check yet: unavailable, and says why.
  expect((await readyz({ authorization: `Bearer ${token}` })).status).toBe(503);
  expect((await readyz({})).status).toBe(401);
  const backup = join(backupDir, "leads-2026-11-27T09-00-00Z.sqlite");
  writeFileSync(backup, "a backup");
  const report = await readiness.refresh();
  const answer = await readyz({ authorization: `Bearer ${token}` });
  expect(answer.status).toBe(report.ready ? 200 : 503);
  expect(answer.headers.get("cache-control")).toBe("no-store");
  expect(await answer.json()).toEqual({
    status: report.ready ? "ready" : "unavailable",
    ready: report.ready,
    checks: {
      store: "ok",
      site: "ok",
      deliveries: expect.any(String),
      backup: expect.any(String),
    },
    checkedAt: report.checkedAt,
  });
});

test("the listener wants its token, answers GET /metrics and /readyz only", async () => {
  expect((await scrape({})).status).toBe(401);
  expect((await scrape({ authorization: "Bearer not the token" })).status).toBe(401);
  const { port } = listener.server.address() as AddressInfo;
  expect((await fetch(`http://127.0.0.1:${port}/autre`)).status).toBe(404);
  expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: "POST" })).status).toBe(405);
  const ok = await scrape();
  expect(ok.status).toBe(200);
  expect(ok.headers.get("content-type")).toContain("text/plain");
});
