import React from "react";
import type { Lead, Note, TeamSession } from "../../leads/lead-store";
import { fieldText, leadFieldLabels, parisTime } from "../../leads/lead-fields";
import { statuses } from "../inbox-filters";
import { CsrfField, Layout } from "./layout";
import { FirstReplyLine, NotesSection, OwnerSection } from "./lead-work";
import { ruleName } from "./rule-figures";
import {
  DeliveryList,
  hasUnsentDelivery,
  personName,
  QuarantineBadge,
  StatusBadge,
} from "./lead-parts";

// One request: every field as the visitor wrote it (as text), its deliveries, and what can be
// done with it. Each action is a form posting the session's token.

export interface LeadPageProps {
  session: TeamSession;
  lead: Lead;
  /** The team's notes on it, oldest first. */
  notes: readonly Note[];
  /** The team's addresses, to give it to one of them. */
  members: readonly string[];
  notice?: { kind: "success" | "error"; text: string };
}

export function LeadPage({ session, lead, notes, members, notice }: LeadPageProps) {
  const base = `/equipe/demandes/${lead.id}`;
  return (
    <Layout title={`Demande de ${personName(lead)}`} session={session} notice={notice}>
      <p>
        <a href="/equipe/">← Toutes les demandes</a>
      </p>
      <p className="meta">
        Reçue le {parisTime(lead.receivedAt)} · <StatusBadge lead={lead} />{" "}
        <QuarantineBadge lead={lead} />
      </p>
      {lead.quarantine && (
        <p>
          Retenue par la règle « {ruleName(lead.quarantine.rule)} » : {lead.quarantine.reason}. Elle
          n'a été transmise à personne. Une vraie personne ? Sortez-la de la quarantaine : elle part
          comme les autres, et la règle est comptée comme s'étant trompée.
        </p>
      )}
      <FirstReplyLine lead={lead} notes={notes} />
      {!lead.quarantine && (
        <p>
          <a className="button-link" href={`${base}/repondre`}>
            Répondre
          </a>
        </p>
      )}
      <h2>Envois</h2>
      <DeliveryList lead={lead} />

      <h2>Actions</h2>
      <div className="actions">
        <form method="post" action={`${base}/statut`} className="inline">
          <CsrfField session={session} />
          <label htmlFor="statut">Statut</label>
          <select
            id="statut"
            name="statut"
            defaultValue={statuses.find((s) => s.status === lead.status)?.param}
          >
            {statuses.map((entry) => (
              <option key={entry.param} value={entry.param}>
                {entry.label}
              </option>
            ))}
          </select>
          <button type="submit">Changer le statut</button>
        </form>
        {lead.quarantine && (
          <>
            <form method="post" action={`${base}/liberer`} className="inline">
              <CsrfField session={session} />
              <button type="submit">Ce n'est pas un spam : sortir de la quarantaine</button>
            </form>
            <p className="inline">
              <a href={`${base}/spam`}>Supprimer comme spam…</a>
            </p>
          </>
        )}
        {hasUnsentDelivery(lead) && (
          <form method="post" action={`${base}/relancer`} className="inline">
            <CsrfField session={session} />
            <button type="submit">Réessayer les envois maintenant</button>
          </form>
        )}
      </div>

      <OwnerSection session={session} lead={lead} members={members} />

      <h2>La demande</h2>
      <dl className="fields">
        {leadFieldLabels.map(([field, label]) => (
          <div key={field}>
            <dt>{label}</dt>
            <dd className={field === "message" ? "message" : undefined}>
              {fieldText(lead.request, field)}
            </dd>
          </div>
        ))}
        <div>
          <dt>Référence</dt>
          <dd>
            <code>{lead.id}</code>
          </dd>
        </div>
      </dl>

      <NotesSection session={session} lead={lead} notes={notes} />
    </Layout>
  );
}

/** A spam deletion cannot be undone: the request is shown once more before it goes. */
export function ConfirmSpamPage({ session, lead }: { session: TeamSession; lead: Lead }) {
  const base = `/equipe/demandes/${lead.id}`;
  return (
    <Layout title="Supprimer comme spam ?" session={session}>
      <p>
        La demande de <strong>{personName(lead)}</strong> ({lead.request.company}), reçue le{" "}
        {parisTime(lead.receivedAt)}, sera supprimée définitivement. Elle ne sera jamais transmise
        aux commerciaux. Une vraie personne a pu remplir le formulaire trop vite : dans le doute,
        sortez-la plutôt de la quarantaine.
      </p>
      <p className="meta">
        <QuarantineBadge lead={lead} />
      </p>
      <form method="post" action={`${base}/spam`} className="inline">
        <CsrfField session={session} />
        <button type="submit" className="danger">
          Supprimer définitivement
        </button>
        <a href={base}>Annuler</a>
      </form>
    </Layout>
  );
}
