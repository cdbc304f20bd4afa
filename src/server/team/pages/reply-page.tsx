import React from "react";
import type { ReplyDraft } from "../../leads/actions";
import type { Lead, TeamSession } from "../../leads/lead-store";
import { CsrfField, Layout } from "./layout";
import { personName } from "./lead-parts";

// « Répondre »: a reply to the person, prefilled, sent from the leads' relay with the member as
// Reply-To. Shown again with what was typed when it could not be sent: nothing is lost.

export function ReplyPage({
  session,
  lead,
  draft,
  from,
  notice,
}: {
  session: TeamSession;
  lead: Lead;
  draft: ReplyDraft;
  /** QUOTE_MAIL_FROM, the sender the person sees; null when the server has no relay. */
  from: string | null;
  notice?: { kind: "success" | "error"; text: string };
}) {
  const base = `/equipe/demandes/${lead.id}`;
  return (
    <Layout title={`Répondre à ${personName(lead)}`} session={session} notice={notice}>
      <p>
        <a href={base}>← La demande</a>
      </p>
      {from === null ? (
        <p>
          Ce serveur n'a pas de relais d'email (SMTP_URL) : la réponse ne peut pas partir d'ici.
          Écrivez à {lead.request.email} depuis votre messagerie.
        </p>
      ) : (
        <form method="post" action={`${base}/repondre`} className="stack reply">
          <CsrfField session={session} />
          <p className="hint">
            À {personName(lead)} &lt;{lead.request.email}&gt;, de {from} ; ses réponses vous
            arriveront ({session.email}). Gardée sur la demande, comme une note.
          </p>
          <label htmlFor="sujet">Objet</label>
          <input id="sujet" name="sujet" defaultValue={draft.subject} maxLength={200} required />
          <label htmlFor="texte">Message</label>
          <textarea id="texte" name="texte" rows={14} defaultValue={draft.text} required />
          <div>
            <button type="submit">Envoyer la réponse</button>
          </div>
        </form>
      )}
    </Layout>
  );
}
