/** @jest-environment node */
import { afterAll, beforeAll, expect, test } from "@jest/globals";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { embeddedStoreForFile } from "../../../test-utils/file-store";
import { makeLead } from "../../../test-utils/leads";
import { captureLog } from "../../../test-utils/log-capture";
import { readServerConfig } from "../../config";
import { configuredChannels } from "../delivery-config";
import { DeliveryRunner } from "../runner";

// Alerts where the team talks, delivered by the queue to a Teams and a Slack stand-in on loopback
// that refuse any payload whose shape their services would refuse (Microsoft's « Post to a channel
// when a webhook request is received » takes a message with an Adaptive Card attachment; Slack's
// incoming webhooks take `text` and Block Kit `blocks`), and any payload whose text the service
// would show as a mention, a link or a new line: the alerts carry no link or mention of their own
// in text (the inbox's link is a button), so any found came from a visitor. The organisation, the
// date and the link, never the message nor the contact details; a receiver down, then up.

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

/** Every object in `value`, itself included, depth first. */
const objects = (value: unknown): Json[] =>
  Array.isArray(value)
    ? value.flatMap(objects)
    : isObject(value)
      ? [value, ...Object.values(value).flatMap(objects)]
      : [];

/**
 * What a client links by itself: a scheme, `www.`, a domain or an email address (a dot between a
 * name and letters). A word joiner or any other character between them leaves nothing to link.
 */
const autoLink = /\b(?:https?|ftp|mailto):|\bwww\.|[\p{L}\p{N}-]\.\p{L}{2,}/iu;

/**
 * Slack (« Formatting text for app surfaces »): `text` and every mrkdwn text object are read as
 * mrkdwn, where `<…>` is a control sequence (`<!channel>`, `<!here>`, `<@U123>`, `<#C123>`,
 * `<https://…|text>`), `@channel`, `@here` and `#channel` are parsed unless verbatim, and
 * addresses are linked. Escaped `&lt;` and `&gt;` are text.
 */
function slackRenders(body: Json): string | null {
  const mrkdwn = [
    ...(typeof body.text === "string" ? [body.text] : []),
    ...objects(body.blocks)
      .filter((object) => object.type === "mrkdwn" && typeof object.text === "string")
      .map((object) => object.text as string),
  ];
  for (const text of mrkdwn) {
    if (/[<>]/.test(text)) return `a control sequence (mention or link): ${text}`;
    if (autoLink.test(text)) return `an address Slack links: ${text}`;
    if (/(?:^|[^\p{L}\p{N}\u2060])[@#][\p{L}\p{N}]/u.test(text)) {
      return `a mention or a channel: ${text}`;
    }
  }
  return null;
}

/**
 * Teams (« Text formatting in cards »): Markdown in a TextBlock's text and a fact's title and
 * value (links `[x](y)`, `**`, `_`, lists, new lines), addresses linked anywhere, `<at>` mentions.
 */
function teamsRenders(body: Json): string | null {
  const shown = objects(body).flatMap((object) => {
    const texts: unknown[] = [];
    if (object.type === "TextBlock" || object.type === "TextRun") texts.push(object.text);
    if (Array.isArray(object.facts)) {
      for (const fact of object.facts as Json[]) texts.push(fact.title, fact.value);
    }
    return texts.filter((text): text is string => typeof text === "string");
  });
  for (const text of shown) {
    if (/\[[^\]]*\]\s*\(/.test(text)) return `a Markdown link: ${text}`;
    if (autoLink.test(text)) return `an address Teams links: ${text}`;
    if (/<at\b/i.test(text)) return `a mention: ${text}`;
    if (/[\r\n\u2028\u2029]/.test(text)) return `a new line: ${JSON.stringify(text)}`;
    if (/\*\*|__|(?:^|\s)_[^_\s][^_]*_(?:\s|$)/.test(text)) return `Markdown emphasis: ${text}`;
  }
  return null;
}

/** Teams Workflows' shape, and nothing a visitor typed shown as a link, a mention or a line. */
const teamsAccepts = (body: unknown) => teamsShape(body) && teamsRenders(body as Json) === null;

/** Slack: a `text` string and `blocks`, each with a `type`. */
function slackShape(body: unknown): boolean {
  return (
    isObject(body) &&
    typeof body.text === "string" &&
    Array.isArray(body.blocks) &&
    (body.blocks as unknown[]).every((block) => isObject(block) && typeof block.type === "string")
  );
}

/** Slack's shape, and nothing a visitor typed read as a mention or a link. */
const slackAccepts = (body: unknown) => slackShape(body) && slackRenders(body as Json) === null;

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

/** What a channel's member reads: escapes decoded, word joiners unseen. */
const unseen = (text: string) => text.replace(/\u2060/g, "");

/** Slack: the text of the notification and of each mrkdwn object, as displayed. */
function shownBySlack(body: unknown): string {
  const texts = [(body as Json).text, ...objects((body as Json).blocks).map((o) => o.text)];
  return texts
    .filter((text): text is string => typeof text === "string")
    .map((text) => unseen(text).replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&"))
    .join("\n");
}

/** Teams: each TextBlock, each RichTextBlock's runs joined, each fact, one a line. */
function shownByTeams(body: unknown): string {
  return objects(body)
    .flatMap((object) => {
      if (object.type === "TextBlock") return [object.text];
      if (object.type === "RichTextBlock") {
        return [(object.inlines as Json[]).map((run) => run.text).join("")];
      }
      if (object.type === "FactSet") {
        return (object.facts as Json[]).map(
          (fact) => `${String(fact.title)} : ${String(fact.value)}`,
        );
      }
      return [];
    })
    .map((text) => unseen(String(text)))
    .join("\n");
}

let teams: Receiver;
let slack: Receiver;
beforeAll(async () => {
  teams = await receiver(teamsAccepts, 202);
  slack = await receiver(slackAccepts, 200);
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

/** One run of a delivery runner posting to both stand-ins, as the server's would. */
async function alertBoth() {
  const runner = new DeliveryRunner(files.store.deliveries, {
    config: {
      email: null,
      webhook: null,
      teams: { url: teams.url },
      slack: { url: slack.url },
      teamUrl: "https://equipe.exemple.fr",
      siteUrl: "https://www.exemple.fr",
    },
    log: captureLog().log,
  });
  try {
    return await runner.runOnce({ ignoreBackOff: true });
  } finally {
    await runner.close();
  }
}

test("each accepted lead posts the organisation, the date and the inbox's link, nothing personal", async () => {
  const lead = makeLead(
    { company: "OPH <Armor> & Co", message: "Un message confidentiel de vingt caractères." },
    { channels: ["teams", "slack"] },
  );
  await files.store.leads.save(lead);
  expect(await alertBoth()).toEqual({ sent: 2, failed: 0, leads: 1 });
  const link = `https://equipe.exemple.fr/equipe/demandes/${lead.id}`;
  const [card] = teams.bodies;
  const [message] = slack.bodies;
  expect(shownByTeams(card)).toContain("Organisme : OPH <Armor> & Co");
  expect(JSON.stringify(card)).toContain(link);
  expect(shownBySlack(message)).toContain("*Organisme*\nOPH <Armor> & Co");
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

/** Posts `payload` to a stand-in as the runner does; resolves to its status. */
async function post(to: Receiver, payload: object): Promise<number> {
  const response = await fetch(to.url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(payload),
  });
  await response.arrayBuffer();
  return response.status;
}

test("the stand-ins refuse what Slack and Teams would show as a mention, a link or a new line", async () => {
  const blocks = [{ type: "section", text: { type: "mrkdwn", text: "Organisme" } }];
  const slackWith = (text: string) => ({ text, blocks });
  expect(await post(slack, slackWith("Nouvelle demande de devis : OPH de l'Armor"))).toBe(200);
  for (const shown of [
    "Régie <!channel> <http://evil.example|payer ici>",
    "OPH <@U123>",
    "OPH &lt;OK&gt; @here",
    "voir https://evil.example",
    "voir www.evil.example",
  ]) {
    expect(await post(slack, slackWith(shown))).toBe(400);
  }
  const card = (value: string) => ({
    type: "message",
    attachments: [
      {
        contentType: "application/vnd.microsoft.card.adaptive",
        content: {
          type: "AdaptiveCard",
          version: "1.4",
          body: [{ type: "FactSet", facts: [{ title: "Organisme", value }] }],
        },
      },
    ],
  });
  expect(await post(teams, card("OPH de l'Armor"))).toBe(202);
  for (const shown of [
    "[payer ici](https://evil.example)",
    "OPH\n\n- Reçue le : hier",
    "**Urgent**",
    "evil.example",
    "<at>Tous</at>",
  ]) {
    expect(await post(teams, card(shown))).toBe(400);
  }
});

test.each([
  ["Slack's mention and link", "Régie <!channel> <http://evil.example|payer ici>"],
  ["Slack's user, here and channel", "<!here> OPH <@U123> <#C0123|général> @channel #général"],
  ["Slack's formatting", "*Urgent* _payez_ ~vite~ `ici` > cité"],
  ["a Markdown link and emphasis", "[payer ici](https://evil.example) **gras** __souligné__"],
  ["new lines that start a list or a heading", "OPH\n- Reçue le : hier\r\n# Payez\u20281. ici"],
  ["addresses a client links by itself", "www.evil.example paiement@evil.example mailto:x@y.fr"],
  ["a Teams mention", "<at>Tous</at> OPH"],
])("%s in the organisation reach Slack and Teams as text, as typed", async (_what, company) => {
  const lead = makeLead({ company }, { channels: ["teams", "slack"] });
  await files.store.leads.save(lead);
  teams.bodies.length = 0;
  slack.bodies.length = 0;
  // Both stand-ins took their alert: neither found a mention, a link or a new line in it.
  expect(await alertBoth()).toMatchObject({ sent: 2, failed: 0 });
  const typed = company.replace(/[\r\n\u2028]+/g, " ");
  expect(shownBySlack(slack.bodies[0])).toContain(`Nouvelle demande de devis : ${typed}`);
  expect(shownBySlack(slack.bodies[0])).toContain(`*Organisme*\n${typed}`);
  expect(shownByTeams(teams.bodies[0])).toContain(`Organisme : ${typed}`);
});
