import React from "react";
import type { Channel, Delivery, Lead } from "../../leads/lead-store";
import { channelNames } from "../../leads/actions/labels";
import { parisTime } from "../../leads/lead-fields";
import { statusLabel } from "../inbox-filters";

// Pieces shown in the list and on a request's page. Every text a visitor wrote is rendered as
// text by React (escaped), never as markup or as a link's address.

const channelName = (channel: Channel) =>
  channelNames[channel].charAt(0).toUpperCase() + channelNames[channel].slice(1);

function deliveryText(delivery: Delivery): string {
  if (delivery.state === "sent") {
    return `envoyé${delivery.sentAt ? ` le ${parisTime(delivery.sentAt)}` : ""}`;
  }
  if (delivery.attempts === 0) return "en attente";
  return `en échec (${delivery.attempts} essai${delivery.attempts > 1 ? "s" : ""})${delivery.lastError ? ` : ${delivery.lastError}` : ""}`;
}

export function DeliveryList({ lead }: { lead: Lead }) {
  const entries = Object.entries(lead.deliveries) as [Channel, Delivery][];
  if (lead.quarantine) return <span>retenue (quarantaine)</span>;
  if (entries.length === 0) return <span>aucun envoi configuré</span>;
  return (
    <ul className="deliveries">
      {entries.map(([channel, delivery]) => (
        <li
          key={channel}
          className={delivery.state === "sent" ? "ok" : delivery.attempts > 0 ? "failing" : ""}
        >
          {channelName(channel)} : {deliveryText(delivery)}
        </li>
      ))}
    </ul>
  );
}

export function StatusBadge({ lead }: { lead: Lead }) {
  return <span className={`badge status-${lead.status}`}>{statusLabel(lead.status)}</span>;
}

export function QuarantineBadge({ lead }: { lead: Lead }) {
  if (!lead.quarantine) return null;
  return (
    <span className="badge quarantine">
      Quarantaine : <span className="reason">{lead.quarantine.reason}</span>
    </span>
  );
}

const shortParis = new Intl.DateTimeFormat("fr-FR", {
  timeZone: "Europe/Paris",
  dateStyle: "short",
  timeStyle: "short",
});

const shortParisSeconds = new Intl.DateTimeFormat("fr-FR", {
  timeZone: "Europe/Paris",
  dateStyle: "short",
  timeStyle: "medium",
});

/** « 22/11/2026 22:14:03 », Paris time, for the journal. */
export function At({ iso }: { iso: string }) {
  return <time dateTime={iso}>{shortParisSeconds.format(new Date(iso))}</time>;
}

/** « 22/11/2026 22:14 », Paris time, for the list. */
export function ReceivedAt({ lead }: { lead: Lead }) {
  return <time dateTime={lead.receivedAt}>{shortParis.format(new Date(lead.receivedAt))}</time>;
}

export const personName = (lead: Lead) => `${lead.request.firstName} ${lead.request.lastName}`;

/** A failed or pending delivery that a new attempt could send. */
export const hasUnsentDelivery = (lead: Lead) =>
  !lead.quarantine && Object.values(lead.deliveries).some((d) => d?.state === "pending");
