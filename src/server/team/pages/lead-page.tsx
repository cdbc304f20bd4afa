import React from "react";
import type { Lead, TeamSession } from "../../leads/lead-store";
import { fieldText, leadFieldLabels, parisTime } from "../../leads/lead-fields";
import { statuses } from "../inbox-filters";
import { CsrfField, Layout } from "./layout";
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
  notice?: { kind: "success" | "error"; text: string };
}

export function LeadPage({ session, lead, notice }: LeadPageProps) {
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
              <button type="submit">Sortir de la quarantaine et transmettre</button>
            </form>
            <form method="post" action={`${base}/spam`} className="inline">
              <CsrfField session={session} />
              <button type="submit" className="danger">
                Confirmer le spam et supprimer
              </button>
            </form>
          </>
        )}
        {hasUnsentDelivery(lead) && (
          <form method="post" action={`${base}/relancer`} className="inline">
            <CsrfField session={session} />
            <button type="submit">Réessayer les envois maintenant</button>
          </form>
        )}
      </div>

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
    </Layout>
  );
}
