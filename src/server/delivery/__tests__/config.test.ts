/**
 * @jest-environment node
 */
import { configuredChannels, deliveryConfig } from "../config";
import { backOffMs } from "../runner";

// Which channels a lead is owed, from the environment alone; a half-set channel is an error
// rather than a silently dropped notification.

const email = {
  SMTP_URL: "smtp://relay.example:587",
  QUOTE_NOTIFY_TO: "a@x.fr, b@x.fr",
  QUOTE_MAIL_FROM: "site@x.fr",
};
const webhook = {
  QUOTE_WEBHOOK_URL: "https://crm.example/hook",
  QUOTE_WEBHOOK_SECRET: "whsec_c2VjcmV0",
};

it.each([
  [{}, []],
  [email, ["email"]],
  [{ ...email, QUOTE_ACK: "1" }, ["email", "ack"]],
  [{ ...email, QUOTE_ACK: "0" }, ["email"]],
  [webhook, ["webhook"]],
  [{ ...email, ...webhook, QUOTE_ACK: "1" }, ["email", "ack", "webhook"]],
])("%j gives the channels %j", (env, channels) => {
  expect(configuredChannels(deliveryConfig(env))).toEqual(channels);
});

test("the recipients are split on commas and trimmed", () => {
  expect(deliveryConfig(email).email?.to).toEqual(["a@x.fr", "b@x.fr"]);
});

it.each([
  [{ SMTP_URL: "smtp://relay.example" }, "missing: QUOTE_NOTIFY_TO, QUOTE_MAIL_FROM"],
  [{ QUOTE_WEBHOOK_URL: "https://crm.example/hook" }, "missing: QUOTE_WEBHOOK_SECRET"],
  [{ ...email, SMTP_URL: "http://relay.example" }, "SMTP_URL must start with smtp:// or smtps://"],
])("%j is refused: %s", (env, message) => {
  expect(() => deliveryConfig(env)).toThrow(message);
});

test("back-off doubles from 30 s and stops at one hour", () => {
  expect([1, 2, 3, 8, 20].map(backOffMs)).toEqual([30_000, 60_000, 120_000, 3_600_000, 3_600_000]);
});
