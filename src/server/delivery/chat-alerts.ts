import type { Lead } from "../leads/lead-store";
import type { AlertConfig } from "./delivery-config";
import { slackInert, teamsInert } from "./inert-text";

// Each accepted lead announced where the team talks: a Microsoft Teams channel (a Workflows
// webhook, « Post to a channel when a webhook request is received », which takes a message
// carrying an Adaptive Card) and a Slack channel (an incoming webhook, which takes Block Kit
// blocks). What a channel's members can read goes there: the organisation, when it came, the link
// to the lead in the inbox; never the message nor the person's contact details, which stay behind
// the inbox's sign-in. The organisation is the visitor's text: inert-text.ts keeps it from
// mentioning anyone, linking anywhere or formatting anything, in either channel.

export const alertTimeoutMs = 5000;

const parisDate = new Intl.DateTimeFormat("fr-FR", {
  timeZone: "Europe/Paris",
  dateStyle: "full",
  timeStyle: "short",
});

/** What every alert says, in French. */
function alertFacts(lead: Lead, inboxUrl: string | null) {
  return {
    title: "Nouvelle demande de devis",
    company: lead.request.company,
    received: parisDate.format(new Date(lead.receivedAt)),
    link: inboxUrl ? `${inboxUrl}/equipe/demandes/${lead.id}` : null,
  };
}

/** Teams: a message with one Adaptive Card (1.4), as the Workflows webhook documents it. */
export function teamsPayload(lead: Lead, inboxUrl: string | null) {
  const facts = alertFacts(lead, inboxUrl);
  return {
    type: "message",
    attachments: [
      {
        contentType: "application/vnd.microsoft.card.adaptive",
        contentUrl: null,
        content: {
          $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
          type: "AdaptiveCard",
          version: "1.4",
          body: [
            { type: "TextBlock", text: facts.title, weight: "Bolder", size: "Medium", wrap: true },
            // A TextRun, not a fact: Teams reads Markdown in a TextBlock and in facts, never in a
            // RichTextBlock's TextRun (Adaptive Cards' schema).
            {
              type: "RichTextBlock",
              inlines: [
                { type: "TextRun", text: "Organisme : ", weight: "Bolder" },
                { type: "TextRun", text: teamsInert(facts.company) },
              ],
            },
            { type: "FactSet", facts: [{ title: "Reçue le", value: facts.received }] },
          ],
          actions: facts.link
            ? [
                {
                  type: "Action.OpenUrl",
                  title: "Ouvrir dans la boîte des demandes",
                  url: facts.link,
                },
              ]
            : [],
        },
      },
    ],
  };
}

/** Slack: Block Kit blocks, and the `text` Slack shows in notifications. */
export function slackPayload(lead: Lead, inboxUrl: string | null) {
  const facts = alertFacts(lead, inboxUrl);
  return {
    // Shown in notifications, and read as mrkdwn too.
    text: `${facts.title} : ${slackInert(facts.company)}`,
    blocks: [
      { type: "header", text: { type: "plain_text", text: facts.title } },
      {
        type: "section",
        fields: [
          // verbatim: Slack links no address and names no one in them by itself.
          { type: "mrkdwn", text: `*Organisme*\n${slackInert(facts.company)}`, verbatim: true },
          { type: "mrkdwn", text: `*Reçue le*\n${facts.received}`, verbatim: true },
        ],
      },
      ...(facts.link
        ? [
            {
              type: "actions",
              elements: [
                {
                  type: "button",
                  text: { type: "plain_text", text: "Ouvrir dans la boîte des demandes" },
                  url: facts.link,
                },
              ],
            },
          ]
        : []),
    ],
  };
}

/** Posts an alert; resolves on a 2xx answer within the timeout, rejects otherwise (retried). */
export async function postAlert(config: AlertConfig, payload: object): Promise<void> {
  const response = await fetch(config.url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(payload),
    redirect: "error",
    signal: AbortSignal.timeout(alertTimeoutMs),
  });
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok) throw new Error(`alert webhook answered ${response.status}`);
}
