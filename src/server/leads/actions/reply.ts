import type Mail from "nodemailer/lib/mailer";
import { fullName } from "../lead-fields";
import type { Lead, LeadStore } from "../lead-store";
import { record, type Actor } from "./audit";
import { maxNoteLength, plainText } from "./owner-and-notes";

// A reply to the person, written in the inbox and sent through the leads' relay: from
// QUOTE_MAIL_FROM, Reply-To the member, so that the answer reaches them. It is kept on the lead
// as a reply (« réponse envoyée par … »), counts as a contact (the retention runs from it), and
// moves a new lead to « en cours ». Sent first, recorded after: a send cannot be taken back, and
// a reply that failed to go is recorded nowhere.

/** What a member fills in: the subject and the text, as the compose page prefilled them. */
export interface ReplyDraft {
  subject: string;
  text: string;
}

/** The prefilled reply: the person greeted by name, their request recalled, the member signing. */
export function replyDraft(lead: Lead, member: string): ReplyDraft {
  const { company, message } = lead.request;
  const recalled = [...message].length > 300 ? `${[...message].slice(0, 300).join("")}…` : message;
  return {
    subject: `Votre demande de devis — ${company}`,
    text: [
      `Bonjour ${fullName(lead)},`,
      "",
      `Merci pour votre demande de devis pour ${company}. `,
      "",
      "",
      `Votre demande : « ${recalled} »`,
      "",
      "Bien cordialement,",
      member,
    ].join("\n"),
  };
}

export type ReplyResult =
  | { outcome: "not-found" }
  /** Quarantined: released (or deleted as spam) first, then answered like any lead. */
  | { outcome: "quarantined" }
  | { outcome: "invalid"; problem: string }
  /** The relay refused or was unreachable: nothing sent, nothing recorded. */
  | { outcome: "not-sent"; error: string }
  | { outcome: "sent" };

/** The draft as it will be sent, or the French reason it cannot be. */
function cleaned(draft: ReplyDraft): ReplyDraft | string {
  // One line: every run of spaces and breaks becomes one space, then the notes' own cleaning.
  const subject = plainText(draft.subject.replace(/\s+/g, " "));
  const text = plainText(draft.text);
  if (subject === "") return "L'objet est vide.";
  if ([...subject].length > 200) return "L'objet dépasse 200 caractères.";
  if (text === "") return "Le message est vide.";
  if ([...text].length > maxNoteLength) {
    return `Le message fait ${[...text].length} caractères, ${maxNoteLength} au plus.`;
  }
  return { subject, text };
}

export async function replyToLead(
  store: Pick<LeadStore, "leads" | "transaction">,
  mail: { from: string; send: (message: Mail.Options) => Promise<void> },
  actor: Actor,
  id: string,
  draft: ReplyDraft,
  now = () => new Date(),
): Promise<ReplyResult> {
  const lead = await store.leads.get(id);
  if (!lead) return { outcome: "not-found" };
  if (lead.quarantine) return { outcome: "quarantined" };
  const reply = cleaned(draft);
  if (typeof reply === "string") return { outcome: "invalid", problem: reply };
  try {
    await mail.send({
      from: mail.from,
      to: { name: fullName(lead), address: lead.request.email },
      replyTo: actor.name,
      subject: reply.subject,
      text: reply.text,
    });
  } catch (error) {
    return { outcome: "not-sent", error: error instanceof Error ? error.message : String(error) };
  }
  const at = now();
  await store.transaction(async ({ notes, inbox, audit }) => {
    // Erased while the email went: nothing is kept of it, as the erasure asked.
    if (
      !(await notes.add(lead.id, {
        at: at.toISOString(),
        author: actor.name,
        text: reply.text,
        kind: "reply",
      }))
    ) {
      return;
    }
    await inbox.markContact(lead.id, at);
    const change =
      lead.status === "new" ? await inbox.setStatus(lead.id, "in_progress") : undefined;
    await record(
      audit,
      actor,
      "reply",
      lead.id,
      change?.previous === "new"
        ? "réponse envoyée ; statut : nouvelle → en cours"
        : "réponse envoyée",
    );
  });
  return { outcome: "sent" };
}

/** The median time, in minutes, from a request to its first reply; null without any reply. */
export function medianReplyMinutes(
  replies: readonly { receivedAt: string; repliedAt: string }[],
): number | null {
  const minutes = replies
    .map((reply) => (Date.parse(reply.repliedAt) - Date.parse(reply.receivedAt)) / 60_000)
    .sort((a, b) => a - b);
  if (minutes.length === 0) return null;
  const middle = Math.floor(minutes.length / 2);
  return minutes.length % 2 === 1
    ? minutes[middle]!
    : (minutes[middle - 1]! + minutes[middle]!) / 2;
}

/** A delay as sales read it: « 45 min », « 3 h 10 », « 2 j 4 h ». */
export function delayText(minutes: number): string {
  const rounded = Math.max(0, Math.round(minutes));
  if (rounded < 60) return `${rounded} min`;
  const hours = Math.floor(rounded / 60);
  if (hours < 24) return `${hours} h ${String(rounded % 60).padStart(2, "0")}`;
  return `${Math.floor(hours / 24)} j ${hours % 24} h`;
}
