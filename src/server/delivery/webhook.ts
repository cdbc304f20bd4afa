import { Webhook } from "standardwebhooks";
import type { Lead } from "../leads/lead-store";
import type { WebhookConfig } from "./delivery-config";

// The lead POSTed as JSON to a CRM or an automation tool, signed as the Standard Webhooks
// specification says (https://www.standardwebhooks.com). The webhook-id is the lead's id and
// stays the same on every retry, so a receiver that keeps the ids it has seen drops a repeat.

export const webhookTimeoutMs = 5000;
export const webhookEventType = "quote_request.created";

export interface WebhookPayload {
  type: typeof webhookEventType;
  timestamp: string;
  /** `requestId`: the id of the HTTP request that stored the lead, as in the server's log. */
  data: Lead["request"] & { id: string; receivedAt: string; requestId: string | null };
}

export function webhookPayload(lead: Lead): WebhookPayload {
  return {
    type: webhookEventType,
    timestamp: lead.receivedAt,
    data: { id: lead.id, receivedAt: lead.receivedAt, requestId: lead.requestId, ...lead.request },
  };
}

/** Posts one lead; resolves on a 2xx answer within the timeout, rejects otherwise. */
export async function postWebhook(lead: Lead, config: WebhookConfig): Promise<void> {
  const body = JSON.stringify(webhookPayload(lead));
  const messageId = `msg_${lead.id}`;
  // Signed at each attempt: receivers refuse a timestamp more than five minutes old.
  const timestamp = new Date();
  const signature = new Webhook(config.secret).sign(messageId, timestamp, body);
  const response = await fetch(config.url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "webhook-id": messageId,
      "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
      "webhook-signature": signature,
      ...(lead.requestId !== null && { "x-request-id": lead.requestId }),
    },
    body,
    redirect: "error",
    signal: AbortSignal.timeout(webhookTimeoutMs),
  });
  // The body is read (and dropped) so the connection returns to the pool.
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok) throw new Error(`webhook answered ${response.status}`);
}

/**
 * Is the receiver there? A HEAD request, unsigned and without a lead, so that a CRM never records
 * a test lead: any HTTP answer (even 405) proves it reachable.
 */
export async function checkWebhook(config: WebhookConfig): Promise<string> {
  // Checks the secret's form too: a bad secret would fail every delivery.
  new Webhook(config.secret);
  const response = await fetch(config.url, {
    method: "HEAD",
    redirect: "manual",
    signal: AbortSignal.timeout(webhookTimeoutMs),
  });
  return `HTTP ${response.status}`;
}
