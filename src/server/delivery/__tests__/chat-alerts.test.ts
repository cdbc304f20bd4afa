/** @jest-environment node */
import { afterAll, beforeAll, expect, test } from "@jest/globals";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { embeddedStoreForFile } from "../../../test-utils/file-store";
import { makeLead } from "../../../test-utils/leads";
import { captureLog } from "../../../test-utils/log-capture";
import { readServerConfig } from "../../config";
import { configuredChannels } from "../config";
import { DeliveryRunner } from "../runner";

// Alerts where the team talks, delivered by the queue to a Teams and a Slack stand-in on loopback
// that refuse any payload whose shape their services would refuse (Microsoft's « Post to a channel
// when a webhook request is received » takes a message with an Adaptive Card attachment; Slack's
// incoming webhooks take `text` and Block Kit `blocks`): the organisation, the date and the link,
// never the message nor the contact details; a receiver down, then up.

const files = embeddedStoreForFile("chat-alerts-");

interface Receiver {
  url: string;
  bodies: unknown[];
  /** What it answers: 200 (Slack's "ok") or 202 (Teams), or 500 while "down". */
  status: number;
  server: Server;
}

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = "";
    request.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    request.on("end", () => resolve(text));
  });

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null;

/** Teams Workflows: `type: "message"`, one Adaptive Card attachment, its `body` a list. */
function teamsShape(body: unknown): boolean {
  if (!isObject(body) || body.type !== "message" || !Array.isArray(body.attachments)) return false;
  const [card] = body.attachments as Json[];
  const content = card?.content;
  return (
    card?.contentType === "application/vnd.microsoft.card.adaptive" &&
    isObject(content) &&
    content.type === "AdaptiveCard" &&
    typeof content.version === "string" &&
    Array.isArray(content.body)
  );
}

/** Slack: a `text` string and `blocks`, each with a `type`. */
function slackShape(body: unknown): boolean {
  return (
    isObject(body) &&
    typeof body.text === "string" &&
    Array.isArray(body.blocks) &&
    (body.blocks as unknown[]).every((block) => isObject(block) && typeof block.type === "string")
  );
}

function receiver(valid: (body: unknown) => boolean, ok: number): Promise<Receiver> {
  const state = { bodies: [] as unknown[], status: ok } as Receiver;
  state.server = createServer(async (request, response) => {
    const text = await read(request);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (request.headers["content-type"] !== "application/json" || !valid(body)) {
      response.writeHead(400).end("invalid payload");
      return;
    }
    if (state.status < 300) state.bodies.push(body);
    response.writeHead(state.status).end(state.status === 200 ? "ok" : "");
  });
  return new Promise((resolve) =>
    state.server.listen(0, "127.0.0.1", () => {
      state.url = `http://127.0.0.1:${(state.server.address() as AddressInfo).port}/hook`;
      resolve(state);
    }),
  );
}

let teams: Receiver;
let slack: Receiver;
beforeAll(async () => {
  teams = await receiver(teamsShape, 202);
  slack = await receiver(slackShape, 200);
});
afterAll(async () => {
  for (const one of [teams, slack]) await new Promise((done) => one.server.close(done));
});

test("QUOTE_TEAMS_WEBHOOK_URL and QUOTE_SLACK_WEBHOOK_URL: HTTPS, or HTTP to this machine only", () => {
  const config = readServerConfig({
    QUOTE_TEAMS_WEBHOOK_URL: "https://prod-00.westeurope.logic.azure.com/workflows/x",
    QUOTE_SLACK_WEBHOOK_URL: "http://127.0.0.1:9/hook",
  });
  expect(configuredChannels(config.delivery)).toEqual(["teams", "slack"]);
  expect(() => readServerConfig({ QUOTE_SLACK_WEBHOOK_URL: "http://hooks.slack.com/x" })).toThrow(
    "QUOTE_SLACK_WEBHOOK_URL",
  );
});

test("each accepted lead posts the organisation, the date and the inbox's link, nothing personal", async () => {
  const lead = makeLead(
    { company: "OPH <Armor> & Co", message: "Un message confidentiel de vingt caractères." },
    { channels: ["teams", "slack"] },
  );
  await files.store.leads.save(lead);
  const runner = new DeliveryRunner(files.store.deliveries, {
    config: {
      email: null,
      webhook: null,
      teams: { url: teams.url },
      slack: { url: slack.url },
      inboxUrl: "https://equipe.exemple.fr",
      siteUrl: "https://www.exemple.fr",
    },
    log: captureLog().log,
  });
  try {
    expect(await runner.runOnce()).toEqual({ sent: 2, failed: 0, leads: 1 });
  } finally {
    await runner.close();
  }
  const link = `https://equipe.exemple.fr/equipe/demandes/${lead.id}`;
  const [card] = teams.bodies;
  const [message] = slack.bodies;
  expect(JSON.stringify(card)).toContain("OPH <Armor> & Co");
  expect(JSON.stringify(card)).toContain(link);
  expect(JSON.stringify(message)).toContain("OPH &lt;Armor&gt; &amp; Co");
  expect(JSON.stringify(message)).toContain(link);
  for (const body of [card, message]) {
    const text = JSON.stringify(body);
    for (const personal of [lead.request.email, lead.request.phone, lead.request.lastName]) {
      expect(text).not.toContain(personal);
    }
    expect(text).not.toContain("confidentiel");
  }
  const stored = await files.store.leads.get(lead.id);
  expect(stored?.deliveries.teams?.state).toBe("sent");
  expect(stored?.deliveries.slack?.state).toBe("sent");
});

test("a receiver down keeps its alert pending, retried once it is back", async () => {
  const lead = makeLead({}, { channels: ["slack"] });
  await files.store.leads.save(lead);
  const options = {
    config: {
      email: null,
      webhook: null,
      slack: { url: slack.url },
      siteUrl: "https://www.exemple.fr",
    },
    log: captureLog().log,
  };
  const runner = new DeliveryRunner(files.store.deliveries, options);
  try {
    slack.status = 500;
    expect(await runner.runOnce({ ignoreBackOff: true })).toMatchObject({ failed: 1 });
    expect((await files.store.leads.get(lead.id))?.deliveries.slack).toMatchObject({
      state: "pending",
      attempts: 1,
      lastError: "Error: alert webhook answered 500",
    });
    slack.status = 200;
    // Asked again now (`npm run leads -- retry`), past the back-off: delivered once.
    expect(await runner.runOnce({ ignoreBackOff: true })).toMatchObject({ sent: 1, failed: 0 });
  } finally {
    await runner.close();
  }
  expect((await files.store.leads.get(lead.id))?.deliveries.slack?.state).toBe("sent");
});
