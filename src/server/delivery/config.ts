import type { Channel } from "../leads/lead-store";

// Which channels announce a lead, read from the environment (README, "Configuration"). A channel
// is on only when all its variables are set; one half-configured is an error at first use, not a
// silently dropped notification.

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

type Env = Partial<Record<string, string>>;

// Gatsby's function bundler replaces `process.env.NAME` with its build-time value; going through
// globalThis keeps every variable a run-time setting (see quote-store.ts).
const runtimeEnv = (): Env => globalThis.process.env;

export function deliveryConfig(env: Env = runtimeEnv()): DeliveryConfig {
  const smtpUrl = env.SMTP_URL?.trim();
  const to = (env.QUOTE_NOTIFY_TO ?? "")
    .split(",")
    .map((address) => address.trim())
    .filter(Boolean);
  const from = env.QUOTE_MAIL_FROM?.trim();
  const emailVariables = {
    SMTP_URL: smtpUrl,
    QUOTE_NOTIFY_TO: to.join(","),
    QUOTE_MAIL_FROM: from,
  };
  const email = allOrNone(emailVariables)
    ? { smtpUrl: smtpUrl!, to, from: from!, ack: env.QUOTE_ACK === "1" }
    : null;
  if (email && !/^smtps?:\/\//.test(email.smtpUrl)) {
    throw new Error("SMTP_URL must start with smtp:// or smtps://");
  }

  const url = env.QUOTE_WEBHOOK_URL?.trim();
  const secret = env.QUOTE_WEBHOOK_SECRET?.trim();
  const webhook = allOrNone({ QUOTE_WEBHOOK_URL: url, QUOTE_WEBHOOK_SECRET: secret })
    ? { url: url!, secret: secret! }
    : null;

  const siteUrl = (env.SITE_URL?.trim() || "https://www.hestia-recouvrement.fr").replace(
    /\/+$/,
    "",
  );
  return { email, webhook, siteUrl };
}

/** True when every variable is set, false when none is; throws naming the missing ones otherwise. */
function allOrNone(variables: Record<string, string | undefined>): boolean {
  const missing = Object.entries(variables).filter(([, value]) => !value);
  if (missing.length === 0) return true;
  if (missing.length === Object.keys(variables).length) return false;
  const names = missing.map(([name]) => name).join(", ");
  throw new Error(`${Object.keys(variables).join(", ")} go together; missing: ${names}`);
}

/** The channels a lead stored now must be delivered to. */
export function configuredChannels(config: DeliveryConfig): Channel[] {
  const channels: Channel[] = [];
  if (config.email) channels.push("email");
  if (config.email?.ack) channels.push("ack");
  if (config.webhook) channels.push("webhook");
  return channels;
}
