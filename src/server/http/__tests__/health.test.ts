/** @jest-environment node */
// GET /healthz and /readyz, and shedding under pressure, on the production app with a real
// embedded store: what a load balancer reads (the verdict alone), what the operator reads (each
// check, from the server's own checks), and what a visitor gets when the process is overloaded.
import { DatabaseSync } from "node:sqlite";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
// The types of the decorators it adds (isUnderPressure).
import type {} from "@fastify/under-pressure";
import type { SqlLeadStore } from "../../leads/sql-store";
import { pages } from "../../../test-utils/fixture-site";
import { captureLog } from "../../../test-utils/log-capture";
import { makeLead, waitFor } from "../../../test-utils/leads";
import { testConfig, testServer } from "../../../test-utils/test-server";
import type { PressureOptions } from "../plugins/pressure";

const root = mkdtempSync(join(tmpdir(), "health-"));
const publicDir = join(root, "public");
for (const [file, text] of Object.entries(pages)) {
  mkdirSync(join(publicDir, file, ".."), { recursive: true });
  writeFileSync(join(publicDir, file), text);
}

const opened: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of opened.reverse()) await app.close().catch(() => {});
  rmSync(root, { recursive: true, force: true });
});

/**
 * The server on a store of its own under `folder`; its clock `now`; with a fresh backup in its
 * BACKUP_DIR, as the hourly timer leaves one, unless `backedUp` is false.
 */
async function serverWith(
  folder: string,
  {
    pressure,
    now,
    backedUp = true,
  }: { pressure?: PressureOptions; now?: () => Date; backedUp?: boolean } = {},
) {
  const dataDir = join(root, folder);
  const backups = join(dataDir, "backups");
  mkdirSync(backups, { recursive: true });
  if (backedUp) {
    const file = join(backups, "leads-2026-11-27T09-00-00Z.sqlite");
    writeFileSync(file, "a backup");
    const at = (now ?? (() => new Date()))();
    utimesSync(file, at, at);
  }
  const { log, lines } = captureLog();
  const app = await testServer(testConfig(dataDir), { publicDir, now, pressure, log });
  opened.push(app);
  const { readiness } = app;
  const store: SqlLeadStore = app.store;
  /** Each time the verdict turned, as the log tells the operator. */
  const turns = () =>
    lines
      .filter((line) => line.msg === "ready" || line.msg === "not ready")
      .map((line) => line.msg === "ready");
  /** The public answer, after the server's next check. */
  const publicAnswer = async () => {
    await readiness.refresh();
    const answer = await app.inject({ url: "/readyz" });
    return { status: answer.statusCode, body: answer.json() as unknown };
  };
  return { store, app, readiness, turns, publicAnswer, backups };
}

test("/healthz: the process answers, never cached", async () => {
  const { app } = await serverWith("alive");
  const answer = await app.inject({ url: "/healthz" });
  expect(answer.statusCode).toBe(200);
  expect(answer.json()).toEqual({ status: "ok" });
  expect(answer.headers["cache-control"]).toBe("no-store");
});

test("/readyz: ready while the store takes writes, the site is there and deliveries move; the verdict alone", async () => {
  const { store, readiness, turns, publicAnswer } = await serverWith("ready");
  await store.leads.save(makeLead({}, { channels: ["email"] }));
  expect(await publicAnswer()).toEqual({ status: 200, body: { status: "ready" } });
  expect(readiness.latest).toMatchObject({
    ready: true,
    checks: { store: "ok", site: "ok", deliveries: "ok" },
  });
  // Told once, when the server first found itself ready.
  expect(turns()).toEqual([true]);
});

test("/readyz: a delivery overdue for ten minutes says the runner is stuck, to the operator only", async () => {
  const now = new Date("2026-11-27T10:00:00.000Z");
  const { store, readiness, publicAnswer } = await serverWith("stuck", { now: () => now });
  const lead = makeLead({}, { channels: ["email", "webhook"] });
  await store.leads.save({ ...lead, receivedAt: "2026-11-27T09:50:00.000Z" });
  expect(await publicAnswer()).toEqual({ status: 503, body: { status: "unavailable" } });
  expect(readiness.latest?.checks).toEqual({
    store: "ok",
    site: "ok",
    deliveries: "2 delivery(ies) overdue, the oldest due 10 min ago",
    backup: "ok",
  });
  for (const value of Object.values(lead.request)) {
    if (typeof value === "string") expect(JSON.stringify(readiness.latest)).not.toContain(value);
  }
});

test("/readyz: a store that no longer takes writes fails the check, and only that one", async () => {
  const { store, readiness, turns, publicAnswer } = await serverWith("closed");
  await store.close();
  expect(await publicAnswer()).toEqual({ status: 503, body: { status: "unavailable" } });
  expect(readiness.latest?.checks.site).toBe("ok");
  expect(readiness.latest?.checks.store).not.toBe("ok");
  expect(turns()).toEqual([true, false]);
});

test("/readyz never takes the store's write lock: answered while another connection holds it", async () => {
  const { app, readiness } = await serverWith("locked");
  const other = new DatabaseSync(join(root, "locked", "leads", "leads.sqlite"));
  other.exec("BEGIN IMMEDIATE");
  try {
    // A check per request would wait on the lock and fail; the server's own verdict answers.
    for (let i = 0; i < 20; i += 1) {
      const answer = await app.inject({ url: "/readyz" });
      expect([answer.statusCode, answer.json()]).toEqual([200, { status: "ready" }]);
    }
    // The server's next check finds the store held, and says so.
    expect((await readiness.refresh()).checks.store).not.toBe("ok");
    expect((await app.inject({ url: "/readyz" })).statusCode).toBe(503);
  } finally {
    other.exec("ROLLBACK");
    other.close();
  }
  expect((await readiness.refresh()).ready).toBe(true);
});

test("under pressure: the form's API and the pages answer 503 with Retry-After in French; /healthz still answers", async () => {
  // A heap limit of one byte: the first measure puts the process under pressure.
  const { app } = await serverWith("pressed", {
    pressure: { maxHeapUsedBytes: 1, sampleInterval: 10 },
  });
  await waitFor(() => app.isUnderPressure(), 5_000, "the first measure");
  const post = await app.inject({
    method: "POST",
    url: "/api/contact",
    headers: { "content-type": "application/json" },
    payload: "{}",
  });
  expect(post.statusCode).toBe(503);
  expect(post.headers["retry-after"]).toBe("10");
  expect(post.json()).toEqual({
    messageText:
      "Le serveur est très sollicité en ce moment : réessayez dans quelques secondes. Ce que vous avez saisi est conservé.",
  });
  const page = await app.inject({ url: "/" });
  expect(page.statusCode).toBe(503);
  expect(page.headers["retry-after"]).toBe("10");
  expect(page.body).toContain("rechargez la page dans quelques secondes");
  expect((await app.inject({ url: "/healthz" })).statusCode).toBe(200);
});

test("/readyz with backups: none yet, then a fresh one, then one past the hour", async () => {
  const now = new Date();
  const { readiness, backups } = await serverWith("backed-up", {
    now: () => now,
    backedUp: false,
  });
  const check = async () => {
    const report = await readiness.refresh();
    return { ready: report.ready, backup: report.checks.backup };
  };
  expect(await check()).toEqual({
    ready: false,
    backup: "no backup yet in BACKUP_DIR (npm run leads -- backup, hestia-backup.timer)",
  });
  const file = join(backups, "leads-2026-11-27T09-00-00Z.sqlite");
  writeFileSync(file, "a backup");
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
  utimesSync(file, at(20), at(20));
  expect(await check()).toEqual({ ready: true, backup: "ok" });
  utimesSync(file, at(80), at(80));
  expect(await check()).toEqual({ ready: false, backup: "the last backup is 80 min old" });
});
