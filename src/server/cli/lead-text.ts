import { parisTime } from "../leads/lead-fields";
import type { Channel, Delivery, Lead } from "../leads/lead-store";

// How `npm run leads` writes a lead's deliveries, in a line and in full (the export's columns are
// src/server/leads/actions/export.ts).

export function deliveryText(delivery: Delivery | undefined): string {
  if (!delivery) return "—";
  if (delivery.state === "sent") {
    return `envoyé le ${delivery.sentAt ? parisTime(delivery.sentAt) : "?"}`;
  }
  const tries = delivery.attempts === 0 ? "" : ` après ${delivery.attempts} essai(s)`;
  const next = delivery.nextAttemptAt
    ? `, prochain essai après ${parisTime(delivery.nextAttemptAt)}`
    : "";
  const error = delivery.lastError ? ` (${delivery.lastError})` : "";
  return `en attente${tries}${next}${error}`;
}

/** `email:envoyé webhook:en attente` in a list line. */
export function deliveriesSummary(lead: Lead): string {
  const entries = Object.entries(lead.deliveries) as [Channel, Delivery][];
  if (entries.length === 0) return "aucun envoi configuré";
  return entries
    .map(
      ([channel, d]) => `${channel}:${d.state === "sent" ? "envoyé" : `en attente(${d.attempts})`}`,
    )
    .join(" ");
}
