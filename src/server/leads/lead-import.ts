import { readFile } from "node:fs/promises";
import {
  array,
  defaulted,
  enums,
  type Infer,
  literal,
  nullable,
  object,
  pattern,
  refine,
  string,
  type StructError,
  validate,
} from "superstruct";
import type { QuoteRequest } from "../../shared/quote-request/quote-request";
import { oneLine } from "../one-line";
import type { ExportedLead } from "./actions";
import { requestFingerprint } from "./fingerprint";
import { uuidPattern } from "./lead-rows";
import type { Channel, Delivery } from "./lead-store";
import { searchText } from "./search-fold";
import { writeDelivery } from "./sql-deliveries";
import type { SqlLeadStore } from "./sql-store";

// Reading back what `npm run leads -- export FICHIER.json` writes (leadsJson in
// actions/export.ts) and storing its leads, each once: how an installation's leads reach another
// one, such as a version that kept them in PGlite (CHANGELOG.md). The whole file is checked
// before anything is written, then written in one transaction: a file refused, or a failure
// midway, leaves the store as it was.

/** Why a file cannot be imported, in French, naming it; nothing was written. */
export class ImportFileError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "ImportFileError";
  }
}

/** As toISOString writes it, which is what the export holds; an offset is accepted too. */
const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;

const channelState = nullable(enums(["sent", "pending"]));

const instantText = refine(
  string(),
  "instant",
  (value) => isoInstant.test(value) && !Number.isNaN(Date.parse(value)),
);

// Every key of ExportedLead, and no other: a key this code does not know would be dropped
// silently, so a file from a later export is refused rather than half imported.
const ExportedLeadShape = object({
  id: pattern(string(), uuidPattern),
  receivedAt: instantText,
  firstName: string(),
  lastName: string(),
  email: string(),
  phone: string(),
  company: string(),
  message: string(),
  // No lead is stored without the visitor's consent (docs/product.md, « The quote form »).
  rgpd: literal(true),
  deliveries: object({
    email: channelState,
    ack: channelState,
    webhook: channelState,
    // Absent from the exports of versions before 1.2.0.
    teams: defaulted(channelState, null),
    slack: defaulted(channelState, null),
  }),
  quarantine: nullable(string()),
  status: enums(["new", "in_progress", "done"]),
  // Absent from the exports of versions before 1.2.0: no owner, no notes.
  owner: defaulted(nullable(string()), null),
  notes: defaulted(
    array(
      object({
        at: instantText,
        author: string(),
        text: string(),
        kind: defaulted(enums(["note", "reply"]), "note"),
      }),
    ),
    () => [],
  ),
});

export type ImportedLead = Infer<typeof ExportedLeadShape>;

// The shape read is the type the export writes, rgpd aside (true for every stored lead): a field
// added to ExportedLead and not here fails to compile rather than be dropped at import.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
type _ShapeIsTheExport = Holds<Same<Omit<ImportedLead, "rgpd">, Omit<ExportedLead, "rgpd">>>;

/** What each field holds, for the message that refuses it. */
const expected: Record<string, string> = {
  id: "une référence (UUID)",
  receivedAt: "une date ISO 8601, comme 2026-03-04T10:20:30.456Z",
  rgpd: "true, le consentement du visiteur",
  deliveries: "un objet { email, ack, webhook, teams, slack }",
  quarantine: "la raison de la quarantaine, ou null",
  status: "new, in_progress ou done",
  "deliveries.email": "sent, pending ou null",
  "deliveries.ack": "sent, pending ou null",
  "deliveries.webhook": "sent, pending ou null",
  "deliveries.teams": "sent, pending ou null",
  "deliveries.slack": "sent, pending ou null",
};

/** A value as the message quotes it: short, on one line. */
function quoted(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/** The first thing wrong, in French, with where it is; how many more, if any. */
function problemOf(error: StructError, data: unknown): string {
  const [first, ...others] = error.failures();
  if (!first) return "forme inattendue";
  const [index, ...keys] = first.path;
  const more = others.length === 0 ? "" : ` (et ${others.length} autre(s) problème(s))`;
  if (typeof index !== "number") {
    return "il ne contient pas une liste de demandes (un tableau JSON)";
  }
  const element = (data as unknown[])[index] as { id?: unknown } | null;
  const reference = typeof element?.id === "string" ? ` (référence ${quoted(element.id)})` : "";
  const where = `demande n° ${index + 1}${reference}`;
  if (keys.length === 0) return `${where} : ce n'est pas un objet JSON${more}`;
  const field = keys.join(".");
  const wanted = expected[field] ?? "un texte";
  if (first.type === "never") return `${where} : champ « ${field} » inattendu${more}`;
  if (first.value === undefined) {
    return `${where} : champ « ${field} » manquant (attendu : ${wanted})${more}`;
  }
  return `${where} : champ « ${field} » invalide, ${quoted(first.value)} (attendu : ${wanted})${more}`;
}

/** The leads of an export file, checked whole; an ImportFileError says what is wrong. */
export function parseExport(file: string, text: string): ImportedLead[] {
  const refuse = (why: string, cause?: unknown) =>
    new ImportFileError(
      `le fichier ${file} n'est pas un export JSON de « npm run leads -- export » : ${why} ; ` +
        "rien n'a été importé",
      { cause },
    );
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw refuse(
      `ce n'est pas du JSON (${oneLine(error)}) ; un export CSV ne s'importe pas, écrivez-le ` +
        "en JSON : npm run leads -- export FICHIER.json",
      error,
    );
  }
  let checked: [StructError, undefined] | [undefined, ImportedLead[]];
  try {
    checked = validate(data, array(ExportedLeadShape), { coerce: true });
  } catch (error) {
    // Superstruct prints the values it refuses; a value it cannot print throws instead.
    throw refuse("une valeur ne peut pas être lue", error);
  }
  const [error, leads] = checked;
  if (error) throw refuse(problemOf(error, data), error);
  const seen = new Map<string, number>();
  for (const [index, lead] of leads.entries()) {
    const id = lead.id.toLowerCase();
    const before = seen.get(id);
    if (before !== undefined) {
      throw refuse(
        `la référence ${id} figure deux fois (demandes n° ${before + 1} et n° ${index + 1})`,
      );
    }
    seen.set(id, index);
  }
  return leads;
}

/** Reads and checks an export file; an ImportFileError says what is wrong. */
export async function readExportFile(file: string): Promise<ImportedLead[]> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new ImportFileError(
      `le fichier ${file} ne peut pas être lu (${oneLine(error)}) ; rien n'a été importé`,
      { cause: error },
    );
  }
  return parseExport(file, text);
}

export interface ImportResult {
  imported: number;
  /** Leads whose reference the store already held: left as they were. */
  alreadyStored: number;
  /** Imported leads that the other installation had not delivered on every channel. */
  notDelivered: number;
}

/**
 * A channel the export says was sent. When and after how many attempts, it does not say: the
 * lower bound, one attempt, and no date.
 */
const sentElsewhere: Delivery = {
  state: "sent",
  attempts: 1,
  nextAttemptAt: null,
  lastError: null,
  sentAt: null,
};

/**
 * Stores each lead whose reference the store does not hold yet, in one transaction. None is
 * announced: the installation that received it announced it or showed it in its inbox, and it
 * may be months old and handled already. A channel sent there is recorded as sent; one it had not
 * sent gets no row at all, since the delivery runner claims pending rows alone (dialect.ts).
 */
export async function importLeads(
  store: SqlLeadStore,
  leads: readonly ImportedLead[],
): Promise<ImportResult> {
  await store.checkSchema();
  return store.database.transaction(async (client) => {
    let imported = 0;
    let notDelivered = 0;
    for (const lead of leads) {
      const id = lead.id.toLowerCase();
      const { firstName, lastName, email, phone, company, message, rgpd } = lead;
      const request: QuoteRequest = { firstName, lastName, email, phone, company, message, rgpd };
      // No idempotency key or request id: the export carries neither. A key serves a form
      // sending its request again, to the installation that stored it.
      const inserted = await client.query(
        `INSERT INTO leads
           (id, idempotency_key, fingerprint, received_at, request, quarantine, request_id,
            status, search_text, owner)
         VALUES ($1, NULL, $2, $3, $4, $5, NULL, $6, $7, $8)
         ON CONFLICT (id) DO NOTHING
         RETURNING id`,
        [
          id,
          requestFingerprint(request),
          new Date(lead.receivedAt),
          JSON.stringify(request),
          lead.quarantine === null ? null : JSON.stringify({ reason: lead.quarantine }),
          lead.status,
          searchText(request),
          lead.owner,
        ],
      );
      if (inserted.rowCount === 0) continue;
      imported += 1;
      for (const note of lead.notes) {
        await client.query(
          "INSERT INTO lead_notes (lead_id, at, author, text, kind) VALUES ($1, $2, $3, $4, $5)",
          [id, new Date(note.at), note.author, note.text, note.kind],
        );
      }
      const states = Object.entries(lead.deliveries) as [Channel, "sent" | "pending" | null][];
      for (const [channel, state] of states) {
        if (state === "sent") await writeDelivery(client, id, channel, sentElsewhere);
      }
      if (states.some(([, state]) => state === "pending")) notDelivered += 1;
    }
    return { imported, alreadyStored: leads.length - imported, notDelivered };
  });
}
