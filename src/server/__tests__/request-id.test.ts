/** @jest-environment node */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { FastifyInstance } from "fastify";
import { Webhook } from "standardwebhooks";
import { salesMessage } from "../delivery/email";
import { openLeadStore } from "../leads/open-store";
import type { SqlLeadStore } from "../leads/sql-store";
import { embeddedSettings, waitFor } from "../../test-utils/leads";
import { clearTables } from "../../test-utils/store-contract/engines";
import { personHeaders } from "../../test-utils/anti-bot";
import { captureLog, type LogLine } from "../../test-utils/log-capture";
import { valid as request } from "../../test-utils/quote-request-cases";
import { smallSite, testConfig, testServer } from "../../test-utils/test-server";

// One request followed by its id: the log's one line per request and the lead's own lines carry
// it, the answer's X-Request-Id says it, the lead is stored with it, and the lead's email and
// webhook carry it, after a restart too. Through the server `npm run serve` starts. No line holds the visitor's name, email, phone,
// organisation or message.

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

// The webhook's receiver on loopback: each call's headers and body.
const secret = `whsec_${Buffer.from("request-id-test-secret-0123456789").toString("base64")}`;
const received: { headers: IncomingMessage["headers"]; body: string }[] = [];
const receiver = createServer((req, res) => {
  let body = "";
  req.on("data", (chunk: Buffer) => (body += chunk.toString()));
  req.on("end", () => {
    received.push({ headers: req.headers, body });
    res.end("ok");
  });
});

let folder: string;
let store: SqlLeadStore;
// One embedded database for the file (opening one takes seconds), emptied before each test.
const dataDir = join(mkdtempSync(join(tmpdir(), "request-id-data-")), "leads");
let app: FastifyInstance;
let lines: LogLine[];

/** The server, each lead owed a webhook to the receiver; TRUST_PROXY as given. */
async function start(trustProxy?: string) {
  const captured = captureLog();
  lines = captured.lines;
  const { port } = receiver.address() as AddressInfo;
  const config = testConfig(folder, {
    QUOTE_WEBHOOK_URL: `http://127.0.0.1:${port}/`,
    QUOTE_WEBHOOK_SECRET: secret,
    SITE_URL: "https://www.example.fr",
    ...(trustProxy ? { TRUST_PROXY: trustProxy } : {}),
  });
  app = await testServer(config, { publicDir: smallSite(folder), store, log: captured.log });
}

beforeAll(async () => {
  store = await openLeadStore(embeddedSettings(dataDir));
  await new Promise<void>((done) => receiver.listen(0, "127.0.0.1", done));
}, 120_000);

afterAll(async () => {
  await store.close();
  await new Promise((done) => receiver.close(done));
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  folder = mkdtempSync(join(tmpdir(), "request-id-"));
  received.length = 0;
  await clearTables(store);
});

afterEach(async () => {
  await app.close();
  rmSync(folder, { recursive: true, force: true });
});

async function post(headers: Record<string, string> = {}) {
  return app.inject({
    method: "POST",
    url: "/api/contact?source=test",
    headers: { "content-type": "application/json", ...(await personHeaders()), ...headers },
    payload: JSON.stringify(request),
  });
}

test("a post: its id in the answer, in one request line, in the lead's line, in the store", async () => {
  await start();
  const answer = await post({ "idempotency-key": "request-id-1" });
  expect(answer.statusCode).toBe(201);
  const requestId = String(answer.headers["x-request-id"]);
  expect(requestId).toMatch(uuid);
  const leadId = (answer.json() as { id: string }).id;

  const ofRequest = lines.filter((line) => line.reqId === requestId);
  expect(ofRequest).toEqual([
    expect.objectContaining({
      msg: "quote request stored",
      leadId,
      outcome: "created",
      quarantined: false,
      channels: ["webhook"],
    }),
    expect.objectContaining({
      msg: "request",
      method: "POST",
      path: "/api/contact",
      status: 201,
      ip: "127.0.0.1",
      ms: expect.any(Number),
    }),
  ]);
  expect((await store.leads.get(leadId))?.requestId).toBe(requestId);

  // Nothing the visitor typed, in any line (the query string left out too).
  const logged = JSON.stringify(lines);
  for (const value of [
    request.firstName,
    request.lastName,
    request.email.split("@")[0],
    request.phone,
    "Office HLM",
    "dossiers",
    "source=test",
  ]) {
    expect(logged).not.toContain(value);
  }
});

test("every answer, a page or a 404, has its id and exactly one log line", async () => {
  await start();
  const page = await app.inject({ method: "GET", url: "/" });
  const missing = await app.inject({ method: "GET", url: "/nulle-part" });
  const ids = [page.headers["x-request-id"], missing.headers["x-request-id"]];
  expect(ids[0]).toMatch(uuid);
  expect(ids[1]).toMatch(uuid);
  expect(ids[0]).not.toBe(ids[1]);
  // The server's own lines (its start, its readiness) carry no request id.
  const ofRequests = lines.filter((line) => line.reqId !== undefined);
  expect(ofRequests.map((line) => [line.reqId, line.msg, line.status])).toEqual([
    [ids[0], "request", 200],
    [ids[1], "request", 404],
  ]);
});

test("an incoming X-Request-Id is ignored from a client, kept from a trusted proxy", async () => {
  await start();
  const fromClient = await post({ "x-request-id": "chosen-by-the-client-0001" });
  expect(fromClient.headers["x-request-id"]).toMatch(uuid);
  await app.close();

  // app.inject comes from 127.0.0.1: the proxy TRUST_PROXY names.
  await start("127.0.0.1");
  const fromProxy = await post({ "x-request-id": "nginx-4f8a1c0e9b7d" });
  expect(fromProxy.headers["x-request-id"]).toBe("nginx-4f8a1c0e9b7d");
  const leadId = (fromProxy.json() as { id: string }).id;
  expect((await store.leads.get(leadId))?.requestId).toBe("nginx-4f8a1c0e9b7d");
  // Not an id's shape (a line break, a forged log line): a new one.
  const odd = await post({ "x-request-id": "x" });
  expect(odd.headers["x-request-id"]).toMatch(uuid);
});

test("the lead's webhook and email carry the id of the request that stored it, after a restart too", async () => {
  await start();
  const answer = await post({ "idempotency-key": "request-id-delivery" });
  const requestId = String(answer.headers["x-request-id"]);
  const leadId = (answer.json() as { id: string }).id;

  // The webhook, posted by the server's delivery runner right after the answer.
  await waitFor(() => received.length === 1, 10_000, "the webhook");
  const [call] = received;
  expect(call!.headers["x-request-id"]).toBe(requestId);
  const event = new Webhook(secret).verify(call!.body, {
    "webhook-id": String(call!.headers["webhook-id"]),
    "webhook-timestamp": String(call!.headers["webhook-timestamp"]),
    "webhook-signature": String(call!.headers["webhook-signature"]),
  }) as { data: { id: string; requestId: string } };
  expect(event.data).toMatchObject({ id: leadId, requestId });
  await app.close();
  await store.close();

  // A new process: the store opened again from its folder.
  store = await openLeadStore(embeddedSettings(dataDir));
  await start();
  const lead = (await app.store.leads.get(leadId))!;
  expect(lead.requestId).toBe(requestId);

  // The email, as nodemailer writes it for the relay.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const sent = await transport.sendMail(
    salesMessage(lead, { smtpUrl: "smtp://x", to: ["ventes@x.fr"], from: "site@x.fr", ack: false }),
  );
  expect(String(sent.message)).toMatch(new RegExp(`^X-Request-Id: ${requestId}\\r$`, "im"));
});
