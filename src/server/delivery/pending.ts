import type { Channel, Delivery, Lead } from "../leads/lead-store";

/** The delivery state of a lead just stored: every channel owed, none tried yet. */
export function pendingDeliveries(channels: readonly Channel[]): Lead["deliveries"] {
  const pending: Delivery = {
    state: "pending",
    attempts: 0,
    nextAttemptAt: null,
    lastError: null,
    sentAt: null,
  };
  return Object.fromEntries(channels.map((channel) => [channel, { ...pending }]));
}
