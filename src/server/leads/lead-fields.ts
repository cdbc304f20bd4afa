import type { QuoteRequest } from "../../shared/quote-request/quote-request";
import type { Lead } from "./lead-store";

// A lead's fields as sales read them, in form order, with the form's French labels: the email,
// the acknowledgement and the CSV export list the same fields under the same names.

export const leadFieldLabels: readonly [keyof QuoteRequest, string][] = [
  ["firstName", "Prénom"],
  ["lastName", "Nom"],
  ["email", "Email professionnel"],
  ["phone", "Téléphone"],
  ["company", "Organisme"],
  ["message", "Besoins"],
  ["rgpd", "Accepte d'être recontacté"],
];

export function fieldText(request: QuoteRequest, field: keyof QuoteRequest): string {
  const value = request[field];
  return typeof value === "boolean" ? (value ? "oui" : "non") : value;
}

const parisDate = new Intl.DateTimeFormat("fr-FR", {
  timeZone: "Europe/Paris",
  dateStyle: "full",
  timeStyle: "long",
});

/** « dimanche 22 novembre 2026 à 22:14:03 UTC+1 »: sales work on Paris time, whatever the server's. */
export function parisTime(iso: string): string {
  return parisDate.format(new Date(iso));
}

export function fullName(lead: Lead): string {
  return `${lead.request.firstName} ${lead.request.lastName}`;
}
