import type { Channel } from "../leads/lead-store";

// Which channels announce a lead, as the server's configuration gives them (src/server/config.ts,
// which reads them from the environment: a channel is on only when all its variables are set, and
// a half-set one stops the start, naming what is missing).

export interface EmailConfig {
  smtpUrl: string;
  to: string[];
  from: string;
  /** QUOTE_ACK=1: the visitor gets an acknowledgement too. */
  ack: boolean;
}

export interface WebhookConfig {
  url: string;
  /** `whsec_…` (base64), as the Standard Webhooks libraries create and read it. */
  secret: string;
}

export interface DeliveryConfig {
  email: EmailConfig | null;
  webhook: WebhookConfig | null;
  /** Public origin of the site, for the privacy-policy link in the acknowledgement. */
  siteUrl: string;
}

/** The channels a lead stored now must be delivered to. */
export function configuredChannels(config: DeliveryConfig): Channel[] {
  const channels: Channel[] = [];
  if (config.email) channels.push("email");
  if (config.email?.ack) channels.push("ack");
  if (config.webhook) channels.push("webhook");
  return channels;
}
