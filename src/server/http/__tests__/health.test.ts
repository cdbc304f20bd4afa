/** @jest-environment node */
// GET /healthz and /readyz, and shedding under pressure, on the production app with a real
// embedded store: what a load balancer or an operator reads, and what a visitor gets when the
// process is overloaded.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
// The types of the decorators it adds (isUnderPressure).
import type {} from "@fastify/under-pressure";
import { buildApp } from "../app";
import { fixedSite } from "../site-files";
import { openLeadStore } from "../../leads/open-store";
import type { SqlLeadStore } from "../../leads/sql-store";
import type { QuoteEndpoint } from "../../quote-endpoint";
import { captureLog } from "../../../test-utils/log-capture";
import { pages, spam } from "../../../test-utils/fixture-site";
import { embeddedSettings, makeLead, waitFor } from "../../../test-utils/leads";
import type { PressureOptions } from "../plugins/pressure";

const root = mkdtempSync(join(tmpdir(), "health-"));
const publicDir = join(root, "public");
for (const [file, text] of Object.entries(pages)) {
  mkdirSync(join(publicDir, file, ".."), { recursive: true });
  writeFileSync(join(publicDir, file), text);
}
const endpoint: QuoteEndpoint = async () => ({
  status: 201,
  headers: { "content-type": "application/json" },
  body: { id: "x" },
});

const opened: (SqlLeadStore | FastifyInstance)[] = [];
afterAll(async () => {
  for (const thing of opened.reverse()) await thing.close().catch(() => {});
  rmSync(root, { recursive: true, force: true });
});

async function serverWith(
  folder: string,
  pressure?: PressureOptions,
  now?: () => Date,
  backupDir?: string,
) {
  const store = (await openLeadStore(embeddedSettings(join(root, folder)))) as SqlLeadStore;
  const app = await buildApp({
    site: fixedSite(publicDir),
    endpoint,
    spam,
    log: captureLog().log,
    health: { database: store.database, now, backupDir },
    pressure,
  });
  opened.push(store, app);
  return { store, app };
}

test("/healthz: the process answers, never cached", async () => {
  const { app } = await serverWith("alive");
  const answer = await app.inject({ url: "/healthz" });
  expect(answer.statusCode).toBe(200);
  expect(answer.json()).toEqual({ status: "ok" });
  expect(answer.headers["cache-control"]).toBe("no-store");
});

test("/readyz: ready while the store takes writes, the site is there and deliveries move", async () => {
  const { app, store } = await serverWith("ready");
  await store.leads.save(makeLead({}, { channels: ["email"] }));
  const answer = await app.inject({ url: "/readyz" });
  expect(answer.statusCode).toBe(200);
  expect(answer.json()).toEqual({
    status: "ready",
    checks: { store: "ok", site: "ok", deliveries: "ok" },
  });
});

test("/readyz: a delivery overdue for ten minutes says the runner is stuck, with no personal data", async () => {
  const now = new Date("2026-11-27T10:00:00.000Z");
  const { app, store } = await serverWith("stuck", undefined, () => now);
  const lead = makeLead({}, { channels: ["email", "webhook"] });
  await store.leads.save({ ...lead, receivedAt: "2026-11-27T09:50:00.000Z" });
  const answer = await app.inject({ url: "/readyz" });
  expect(answer.statusCode).toBe(503);
  expect(answer.json()).toEqual({
    status: "unavailable",
    checks: {
      store: "ok",
      site: "ok",
      deliveries: "2 delivery(ies) overdue, the oldest due 10 min ago",
    },
  });
  for (const value of Object.values(lead.request)) {
    if (typeof value === "string") expect(answer.body).not.toContain(value);
  }
});

test("/readyz: a store that no longer takes writes fails the check, and only that one", async () => {
  const { app, store } = await serverWith("closed");
  await store.close();
  const answer = await app.inject({ url: "/readyz" });
  expect(answer.statusCode).toBe(503);
  const { checks } = answer.json() as { checks: Record<string, string> };
  expect(checks.site).toBe("ok");
  expect(checks.store).not.toBe("ok");
});

test("under pressure: the form's API and the pages answer 503 with Retry-After in French; /healthz still answers", async () => {
  // A heap limit of one byte: the first measure puts the process under pressure.
  const { app } = await serverWith("pressed", { maxHeapUsedBytes: 1, sampleInterval: 10 });
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
  const backups = join(root, "backups");
  mkdirSync(backups);
  const now = new Date();
  const { app } = await serverWith("backed-up", undefined, () => now, backups);
  const check = async () => {
    const answer = await app.inject({ url: "/readyz" });
    return {
      status: answer.statusCode,
      backup: (answer.json() as { checks: { backup: string } }).checks.backup,
    };
  };
  expect(await check()).toEqual({
    status: 503,
    backup: "no backup yet in BACKUP_DIR (npm run leads -- backup, hestia-backup.timer)",
  });
  const file = join(backups, "leads-2026-11-27T09-00-00Z.sqlite");
  writeFileSync(file, "a backup");
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
  utimesSync(file, at(20), at(20));
  expect(await check()).toEqual({ status: 200, backup: "ok" });
  utimesSync(file, at(90), at(90));
  expect(await check()).toEqual({ status: 503, backup: "the last backup is 90 min old" });
});
