import { fieldText, leadFieldLabels } from "../lead-fields";
import type { Channel, InboxQuery, Lead, LeadStore, LeadStatus, Note } from "../lead-store";
import { record, type Actor } from "./audit";
import { csvDocument } from "./csv";
import { channelNames, statusLabels } from "./labels";

// The export (`npm run leads -- export`, the inbox's « Exporter »): the leads a filter finds, or
// one person's (right of access), oldest first as a register reads, in CSV for French Excel or in
// JSON for a program.

export type ExportFilter = Omit<InboxQuery, "limit" | "offset"> | { email: string };
export type ExportFormat = "csv" | "json";

export interface ExportFile {
  body: string;
  count: number;
  /** `demandes-AAAA-MM-JJ.csv` (or `.json`), the day in UTC. */
  filename: string;
}

const channels: readonly Channel[] = ["email", "ack", "webhook", "teams", "slack"];

const csvDate = new Intl.DateTimeFormat("fr-FR", {
  timeZone: "Europe/Paris",
  dateStyle: "short",
  timeStyle: "medium",
});

const parisDay = new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", dateStyle: "short" });

/** Each lead's notes, by id: the JSON always carries them, the CSV when asked. */
export type NotesByLead = ReadonlyMap<string, readonly Note[]>;

/** A lead's notes as one cell: each dated, with its author, a blank line apart. */
const notesCell = (notes: readonly Note[] = []) =>
  notes
    .map((note) => `${csvDate.format(new Date(note.at))} — ${note.author}\n${note.text}`)
    .join("\n\n");

export function leadsCsv(leads: readonly Lead[], notes?: NotesByLead): string {
  const header = [
    "Référence",
    "Reçue le (heure de Paris)",
    ...leadFieldLabels.map(([, label]) => label),
    ...channels.map((channel) => `Envoi ${channelNames[channel]}`),
    "Quarantaine",
    "Statut",
    "Responsable",
    ...(notes ? ["Notes"] : []),
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
    statusLabels[lead.status],
    lead.owner ?? "",
    ...(notes ? [notesCell(notes.get(lead.id))] : []),
  ]);
  return csvDocument(header, rows);
}

/** The CSV's columns, for a program: the date in ISO 8601, the consent and status as values. */
export interface ExportedLead {
  id: string;
  receivedAt: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  company: string;
  message: string;
  rgpd: boolean;
  /** Each channel's state, null for a channel the lead was not owed. */
  deliveries: Record<Channel, "sent" | "pending" | null>;
  /** The quarantine's reason, null for a lead delivered as usual. */
  quarantine: string | null;
  status: LeadStatus;
  /** The member who works it, null when no one has taken it. */
  owner: string | null;
  /** The team's notes, oldest first. */
  notes: Note[];
}

export function exportedLead(lead: Lead, notes: readonly Note[] = []): ExportedLead {
  const { firstName, lastName, email, phone, company, message, rgpd } = lead.request;
  return {
    id: lead.id,
    receivedAt: lead.receivedAt,
    firstName,
    lastName,
    email,
    phone,
    company,
    message,
    rgpd,
    deliveries: {
      email: lead.deliveries.email?.state ?? null,
      ack: lead.deliveries.ack?.state ?? null,
      webhook: lead.deliveries.webhook?.state ?? null,
      teams: lead.deliveries.teams?.state ?? null,
      slack: lead.deliveries.slack?.state ?? null,
    },
    quarantine: lead.quarantine?.reason ?? null,
    status: lead.status,
    owner: lead.owner,
    notes: [...notes],
  };
}

/**
 * JSON whose text holds no `<`, `>` or `&` (escaped as \u003c…, the same value once parsed): a
 * visitor's `<script>` stays inert even where the file is shown as HTML by mistake.
 */
export function leadsJson(leads: readonly Lead[], notes: NotesByLead = new Map()): string {
  const exported = leads.map((lead) => exportedLead(lead, notes.get(lead.id)));
  return JSON.stringify(exported, null, 2).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/**
 * The filter in words for the audit line. Neither the searched text nor the address is kept: they
 * may name a person whose erasure must leave nothing behind.
 */
export function filterText(filter: ExportFilter): string {
  if ("email" in filter) return "les demandes d'une personne, par son adresse email";
  const parts = [
    filter.status && `statut ${statusLabels[filter.status]}`,
    filter.quarantine === "only" && "en quarantaine seulement",
    filter.quarantine === "none" && "hors quarantaine",
    filter.from && `reçues depuis le ${parisDay.format(filter.from)}`,
    filter.to && `reçues avant le ${parisDay.format(filter.to)}`,
    filter.search?.trim() && "recherche par texte",
    filter.owner === null && "sans responsable",
    typeof filter.owner === "string" && "celles d'un responsable",
  ].filter((part): part is string => typeof part === "string" && part !== "");
  return parts.length === 0 ? "aucun filtre" : parts.join(", ");
}

/** Writes the leads a filter finds as a file's text; records how many, which filter and format. */
export async function exportLeads(
  store: Pick<LeadStore, "leads" | "inbox" | "audit" | "notes">,
  actor: Actor,
  filter: ExportFilter,
  format: ExportFormat,
  /** The notes in the CSV too (the JSON always has them): they may name people and say much. */
  csvNotes = false,
): Promise<ExportFile> {
  const leads =
    "email" in filter
      ? await store.leads.findByEmail(filter.email)
      : (await store.inbox.matching(filter)).toReversed();
  const notes =
    format === "json" || csvNotes ? await store.notes.of(leads.map((lead) => lead.id)) : undefined;
  const body = format === "csv" ? leadsCsv(leads, notes) : leadsJson(leads, notes);
  const filename = `demandes-${new Date().toISOString().slice(0, 10)}.${format}`;
  await record(
    store.audit,
    actor,
    "export",
    null,
    `${leads.length} demande(s) en ${format.toUpperCase()}${format === "csv" && notes ? " avec les notes" : ""} ; filtre : ${filterText(filter)}`,
  );
  return { body, count: leads.length, filename };
}
