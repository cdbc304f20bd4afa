/** @jest-environment node */
import { afterAll, beforeAll, beforeEach, expect, test } from "@jest/globals";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RunnerOptions } from "../../../delivery/runner";
import { captureLog } from "../../../../test-utils/log-capture";
import { embeddedSettings, makeLead } from "../../../../test-utils/leads";
import { clearTables } from "../../../../test-utils/store-contract/engines";
import type { Lead } from "../../lead-store";
import { openLeadStore } from "../../open-store";
import type { SqlLeadStore } from "../../sql-store";
import { confirmSpam, releaseAndDeliver, releaseLead, retryDeliveries, type Actor } from "..";

// Release, spam and retry on the embedded engine, delivering to a webhook receiver in this
// process: what each does, and its one audit line (none when refused).

const folder = mkdtempSync(join(tmpdir(), "lead-actions-"));
const actor: Actor = { name: "ventes@exemple.fr", requestId: "req-42" };
let store: SqlLeadStore;
let receiver: Server;
/** The lead ids the receiver was sent, in order; it answers `answer` to each. */
const received: string[] = [];
let answer = 204;
let delivery: RunnerOptions;

beforeAll(async () => {
  store = await openLeadStore(embeddedSettings(join(folder, "leads")));
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      received.push((JSON.parse(body) as { data: { id: string } }).data.id);
      response.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const { port } = receiver.address() as AddressInfo;
  delivery = {
    config: {
      email: null,
      webhook: {
        url: `http://127.0.0.1:${port}/leads`,
        secret: `whsec_${Buffer.from("0123456789abcdef0123456789abcdef").toString("base64")}`,
      },
      siteUrl: "https://www.exemple.fr",
    },
    // The failures below are expected: their warnings stay out of the test's output.
    log: captureLog().log,
  };
});

beforeEach(async () => {
  await clearTables(store);
  received.length = 0;
  answer = 204;
});

afterAll(async () => {
  await store?.close();
  await new Promise((resolve) => receiver?.close(resolve));
  rmSync(folder, { recursive: true, force: true });
});

const webhookLead = (): Lead => makeLead({}, { channels: ["webhook"] });
const quarantined = (): Lead => ({ ...webhookLead(), quarantine: { reason: "rempli en 2 s" } });
const auditLines = async () => (await store.audit.page({ limit: 50, offset: 0 })).entries;

test("release clears the quarantine, leaves the lead due and records who did it", async () => {
  const lead = quarantined();
  await store.leads.save(lead);
  expect(await releaseLead(store, actor, lead.id)).toEqual({
    outcome: "released",
    reason: "rempli en 2 s",
    owed: true,
  });
  expect(received).toEqual([]);
  expect((await store.leads.get(lead.id))?.deliveries.webhook).toMatchObject({
    state: "pending",
    attempts: 0,
  });
});

test("the CLI's release delivers that lead now and records who did it", async () => {
  const lead = quarantined();
  await store.leads.save(lead);
  const result = await releaseAndDeliver(store, delivery, actor, lead.id);
  expect(result).toEqual({ outcome: "released", reason: "rempli en 2 s", sent: 1, failed: 0 });
  expect((await store.leads.get(lead.id))?.quarantine).toBeNull();
  expect(received).toEqual([lead.id]);
  expect(await auditLines()).toEqual([
    {
      at: expect.any(String),
      actor: "ventes@exemple.fr",
      action: "release",
      leadId: lead.id,
      detail: "sortie de quarantaine",
      requestId: "req-42",
    },
  ]);
});

test("release of a lead not in quarantine, or of none, changes nothing and records nothing", async () => {
  const lead = webhookLead();
  await store.leads.save(lead);
  expect(await releaseAndDeliver(store, delivery, actor, lead.id)).toEqual({
    outcome: "not-quarantined",
  });
  expect(await releaseLead(store, actor, "inconnue")).toEqual({ outcome: "not-found" });
  expect(received).toEqual([]);
  expect(await auditLines()).toEqual([]);
});

test("a release whose delivery fails still releases, and says so", async () => {
  answer = 500;
  const lead = quarantined();
  await store.leads.save(lead);
  const result = await releaseAndDeliver(store, delivery, actor, lead.id);
  expect(result).toMatchObject({ outcome: "released", sent: 0, failed: 1 });
  expect((await store.leads.get(lead.id))?.deliveries.webhook).toMatchObject({
    state: "pending",
    attempts: 1,
  });
  expect((await auditLines())[0]?.detail).toBe("sortie de quarantaine");
});

test("spam deletes a quarantined lead; a delivered one is refused, unchanged, unrecorded", async () => {
  const robot = quarantined();
  const person = webhookLead();
  await store.leads.save(robot);
  await store.leads.save(person);

  expect(await confirmSpam(store, actor, person.id)).toEqual({ outcome: "not-quarantined" });
  expect(await confirmSpam(store, actor, "inconnue")).toEqual({ outcome: "not-found" });
  expect(await store.leads.get(person.id)).toBeDefined();
  expect(await auditLines()).toEqual([]);

  expect(await confirmSpam(store, actor, robot.id)).toEqual({ outcome: "deleted" });
  expect(await store.leads.get(robot.id)).toBeUndefined();
  expect(await auditLines()).toEqual([
    expect.objectContaining({
      action: "spam",
      leadId: robot.id,
      detail: "confirmée comme spam et supprimée",
    }),
  ]);
});

test("retry of one lead sends that lead alone; the others are left due, unclaimed", async () => {
  const [first, second, third] = [webhookLead(), webhookLead(), webhookLead()];
  for (const lead of [first!, second!, third!]) await store.leads.save(lead);

  const one = await retryDeliveries(store, delivery, actor, second!.id);
  expect(one).toEqual({ outcome: "retried", leads: 1, sent: 1, failed: 0 });
  expect(received).toEqual([second!.id]);
  expect((await store.leads.get(first!.id))?.deliveries.webhook).toMatchObject({
    state: "pending",
    attempts: 0,
  });
  expect((await auditLines())[0]).toMatchObject({
    action: "retry",
    leadId: second!.id,
    detail: "envois : 1 réussi(s), 0 échec(s)",
  });

  // Handed back: a retry of everything claims the two others at once, their lease ended.
  const all = await retryDeliveries(store, delivery, actor);
  expect(all).toEqual({ outcome: "retried", leads: 2, sent: 2, failed: 0 });
  expect([...received].sort()).toEqual([first!.id, second!.id, third!.id].sort());
  expect((await auditLines())[0]).toMatchObject({
    action: "retry",
    leadId: null,
    detail: "2 demande(s) : 2 envoi(s) réussi(s), 0 échec(s)",
  });
});

test("retry refuses a quarantined lead, an unknown one, and one with nothing pending", async () => {
  const robot = quarantined();
  const done = webhookLead();
  await store.leads.save(robot);
  await store.leads.save(done);
  await retryDeliveries(store, delivery, actor, done.id);
  const before = (await auditLines()).length;
  received.length = 0;

  expect(await retryDeliveries(store, delivery, actor, robot.id)).toEqual({
    outcome: "quarantined",
  });
  expect(await retryDeliveries(store, delivery, actor, "inconnue")).toEqual({
    outcome: "not-found",
  });
  expect(await retryDeliveries(store, delivery, actor, done.id)).toEqual({
    outcome: "nothing-pending",
  });
  expect(received).toEqual([]);
  expect(await auditLines()).toHaveLength(before);
});
