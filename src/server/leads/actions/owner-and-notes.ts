import type { TeamMembers } from "../../config-values";
import type { Lead } from "../lead-store";
import { record, type Actor, type Transactional } from "./audit";

// Sales' work on a lead: who takes it (« Je m'en occupe »), to whom it is given, and the notes
// kept with it. Each writes its audit line in the same transaction; a note's text never goes in
// the journal (it may name the person, whose erasure must leave nothing behind there).

/** The longest note kept: a long email pasted in fits, a flood does not. */
export const maxNoteLength = 5000;

export type OwnerResult =
  | { outcome: "not-found" }
  /** Someone else took it first: it stays theirs. */
  | { outcome: "taken"; owner: string }
  /** Not an address of TEAM_EMAILS: nobody to give it to. */
  | { outcome: "not-a-member" }
  | { outcome: "unchanged"; lead: Lead }
  | { outcome: "changed"; lead: Lead; previous: string | null };

/**
 * Takes a lead for the actor, if no one has it, or its owner is no longer one of `members` (the
 * team now, TEAM_EMAILS: they left); two members taking at once: the first has it, the second is
 * told who.
 */
export function takeLead(
  store: Transactional,
  actor: Actor,
  id: string,
  members?: readonly string[],
): Promise<OwnerResult> {
  return store.transaction<OwnerResult>(async ({ inbox, audit }) => {
    const change = await inbox.setOwner(id, actor.name, true, members);
    if (!change) return { outcome: "not-found" };
    const { lead, previous } = change;
    if (previous === actor.name) return { outcome: "unchanged", lead };
    if (lead.owner !== actor.name) return { outcome: "taken", owner: lead.owner ?? "" };
    const left = previous === null ? "" : ` (${previous} a quitté l'équipe)`;
    await record(audit, actor, "owner", id, `responsable : ${actor.name}${left}`);
    return { outcome: "changed", lead, previous };
  });
}

/** Gives a lead to a member of the team (`sales` or `admin`), whoever had it. */
export function giveLead(
  store: Transactional,
  team: TeamMembers,
  actor: Actor,
  id: string,
  to: string,
): Promise<OwnerResult> {
  const member = to.trim().toLowerCase();
  if (!team.has(member)) return Promise.resolve({ outcome: "not-a-member" });
  return store.transaction<OwnerResult>(async ({ inbox, audit }) => {
    const change = await inbox.setOwner(id, member, false);
    if (!change) return { outcome: "not-found" };
    const { lead, previous } = change;
    if (previous === member) return { outcome: "unchanged", lead };
    await record(audit, actor, "owner", id, `responsable : ${previous ?? "personne"} → ${member}`);
    return { outcome: "changed", lead, previous };
  });
}

export type NoteResult =
  | { outcome: "not-found" }
  | { outcome: "empty" }
  | { outcome: "too-long"; length: number }
  | { outcome: "added" };

/** Characters a note does not keep: the controls (but tabs and line breaks) and odd separators. */
const controls = /(?![\t\n])[\p{Cc}\u2028\u2029]/gu;

/** Text typed in the inbox as it is kept: one kind of line break, no controls, trimmed. */
export const plainText = (typed: string) =>
  typed.replace(/\r\n?/g, "\n").replace(controls, "").trim();

/**
 * Adds a dated note to a lead, as typed (spaces at its ends and control characters aside); it
 * counts as a contact with the person, from which the retention runs.
 */
export function addNote(
  store: Transactional,
  actor: Actor,
  id: string,
  typed: string,
  now = new Date(),
): Promise<NoteResult> {
  const text = plainText(typed);
  if (text === "") return Promise.resolve({ outcome: "empty" });
  if ([...text].length > maxNoteLength) {
    return Promise.resolve({ outcome: "too-long", length: [...text].length });
  }
  return store.transaction<NoteResult>(async ({ notes, inbox, audit }) => {
    if (!(await notes.add(id, { at: now.toISOString(), author: actor.name, text, kind: "note" }))) {
      return { outcome: "not-found" };
    }
    await inbox.markContact(id, now);
    await record(audit, actor, "note", id, `note ajoutée (${[...text].length} caractères)`);
    return { outcome: "added" };
  });
}
