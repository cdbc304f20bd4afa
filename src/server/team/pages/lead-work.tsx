import React from "react";
import type { Lead, Note, TeamSession } from "../../leads/lead-store";
import { parisTime } from "../../leads/lead-fields";
import { delayText, maxNoteLength } from "../../leads/actions";
import { departedOwner, departedText } from "../owners";
import { CsrfField } from "./layout";

// Sales' work on one request, on its page: who takes care of it, and the team's notes, each a
// form posting the session's token. A note is shown as typed, as text: React escapes it.

export function OwnerSection({
  session,
  lead,
  members,
}: {
  session: TeamSession;
  lead: Lead;
  /** The team's addresses (TEAM_EMAILS), to give the request to one of them. */
  members: readonly string[];
}) {
  const base = `/equipe/demandes/${lead.id}`;
  const mine = lead.owner === session.email;
  // One who left TEAM_EMAILS: the request is no one's, and anyone may take it.
  const departed = departedOwner(lead.owner, members);
  const free = lead.owner === null || departed !== null;
  return (
    <section aria-labelledby="responsable">
      <h2 id="responsable">Responsable</h2>
      <p>
        {departed !== null
          ? `${departedText(departed).replace(/^s/, "S")} : personne ne s'en occupe.`
          : lead.owner === null
            ? "Personne ne s'en occupe encore."
            : mine
              ? "Vous vous en occupez."
              : `${lead.owner} s'en occupe.`}
      </p>
      <div className="actions">
        {free && (
          <form method="post" action={`${base}/prendre`} className="inline">
            <CsrfField session={session} />
            <button type="submit">Je m'en occupe</button>
          </form>
        )}
        <form method="post" action={`${base}/confier`} className="inline">
          <CsrfField session={session} />
          <label htmlFor="a">Confier à</label>
          <select
            id="a"
            name="a"
            defaultValue={free ? session.email : (lead.owner ?? session.email)}
          >
            {members.map((member) => (
              <option key={member} value={member}>
                {member}
              </option>
            ))}
          </select>
          <button type="submit" className="secondary">
            Confier
          </button>
        </form>
      </div>
    </section>
  );
}

export function NotesSection({
  session,
  lead,
  notes,
}: {
  session: TeamSession;
  lead: Lead;
  notes: readonly Note[];
}) {
  return (
    <section aria-labelledby="notes">
      <h2 id="notes">Notes et réponses</h2>
      {notes.length === 0 ? (
        <p>Aucune note pour l'instant.</p>
      ) : (
        <ol className="notes">
          {notes.map((note, index) => (
            <li key={`${note.at}-${index}`} className={note.kind}>
              <p className="hint">
                {parisTime(note.at)} —{" "}
                {note.kind === "reply" ? `réponse envoyée par ${note.author}` : note.author}
              </p>
              <p className="note-text">{note.text}</p>
            </li>
          ))}
        </ol>
      )}
      <form method="post" action={`/equipe/demandes/${lead.id}/notes`} className="stack">
        <CsrfField session={session} />
        <label htmlFor="texte">Ajouter une note</label>
        <textarea id="texte" name="texte" rows={4} maxLength={maxNoteLength} required />
        <span className="hint">
          Ce qui a été dit, convenu ou prévu ; jamais de donnée sensible. Gardée avec la demande,
          effacée avec elle.
        </span>
        <div>
          <button type="submit">Ajouter la note</button>
        </div>
      </form>
    </section>
  );
}

/** How long the request waited for its first reply from the inbox. */
export function FirstReplyLine({ lead, notes }: { lead: Lead; notes: readonly Note[] }) {
  const first = notes.find((note) => note.kind === "reply");
  if (!first) return <p className="hint">Pas encore de réponse envoyée depuis la boîte.</p>;
  const minutes = (Date.parse(first.at) - Date.parse(lead.receivedAt)) / 60_000;
  return <p>Première réponse : {delayText(minutes)} après la demande.</p>;
}
