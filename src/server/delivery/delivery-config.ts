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

/** A Microsoft Teams Workflows or Slack incoming webhook: its address is its secret. */
export interface AlertConfig {
  url: string;
}

export interface DeliveryConfig {
  email: EmailConfig | null;
  webhook: WebhookConfig | null;
  /** QUOTE_TEAMS_WEBHOOK_URL: an Adaptive Card in a Teams channel for each accepted lead. */
  teams?: AlertConfig | null;
  /** QUOTE_SLACK_WEBHOOK_URL: a Block Kit message in a Slack channel for each accepted lead. */
  slack?: AlertConfig | null;
  /** TEAM_URL, for the alerts' link to the lead in the inbox; none without an inbox. */
  teamUrl?: string | null;
  /** Public origin of the site, for the privacy-policy link in the acknowledgement. */
  siteUrl: string;
}

/** The channels a lead stored now must be delivered to. */
export function configuredChannels(config: DeliveryConfig): Channel[] {
  const channels: Channel[] = [];
  if (config.email) channels.push("email");
  if (config.email?.ack) channels.push("ack");
  if (config.webhook) channels.push("webhook");
  if (config.teams) channels.push("teams");
  if (config.slack) channels.push("slack");
  return channels;
}
