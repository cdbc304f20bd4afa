import { fieldText, leadFieldLabels, parisTime } from "../leads/lead-fields";
import type { Channel, Delivery, Lead } from "../leads/lead-store";
import { csvDocument } from "./csv";

// How `npm run leads` writes a lead's deliveries, in a line, in full and in the CSV export.

export const channelNames: Record<Channel, string> = {
  email: "email aux commerciaux",
  ack: "accusé de réception",
  webhook: "webhook",
};

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

const csvDate = new Intl.DateTimeFormat("fr-FR", {
  timeZone: "Europe/Paris",
  dateStyle: "short",
  timeStyle: "medium",
});

export function leadsCsv(leads: readonly Lead[]): string {
  const channels: Channel[] = ["email", "ack", "webhook"];
  const header = [
    "Référence",
    "Reçue le (heure de Paris)",
    ...leadFieldLabels.map(([, label]) => label),
    ...channels.map((channel) => `Envoi ${channelNames[channel]}`),
    "Quarantaine",
  ];
  const rows = leads.map((lead) => [
    lead.id,
    csvDate.format(new Date(lead.receivedAt)),
    ...leadFieldLabels.map(([field]) => fieldText(lead.request, field)),
    ...channels.map((channel) => {
      const delivery = lead.deliveries[channel];
      return delivery ? (delivery.state === "sent" ? "envoyé" : "en attente") : "";
    }),
    lead.quarantine?.reason ?? "",
  ]);
  return csvDocument(header, rows);
}
