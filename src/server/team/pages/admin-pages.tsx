import React from "react";
import type { AuditAction, AuditEntry, Lead, RuleTally, TeamSession } from "../../leads/lead-store";
import { CsrfField, Layout, Pager, ScrollRegion } from "./layout";
import { At, personName, ReceivedAt } from "./lead-parts";
import { RuleFigures } from "./rule-figures";

// The admin's pages: erasing one person's data (what will go is listed, and the number of
// requests typed to confirm), and the audit log.

type Notice = { kind: "success" | "error"; text: string };

export function ErasePage({
  session,
  email,
  leads,
  notice,
}: {
  session: TeamSession;
  email: string;
  /** The requests found for `email`; undefined before a search. */
  leads?: Lead[];
  notice?: Notice;
}) {
  return (
    <Layout title="Effacer les données d'une personne" session={session} notice={notice}>
      <p>
        Droit à l&apos;effacement (RGPD) : toutes les demandes envoyées avec une adresse, ses défis
        anti-robot et ses compteurs sont supprimés. Le journal garde la trace de l&apos;effacement,
        sans l&apos;adresse ni les données effacées.
      </p>
      {/* Posted, not in the address: the person's email stays out of the history and of logs. */}
      <form method="post" action="/equipe/effacer/apercu" className="stack">
        <CsrfField session={session} />
        <label htmlFor="email">Adresse email de la personne</label>
        <input id="email" name="email" type="email" required maxLength={254} defaultValue={email} />
        <button type="submit">Voir ce qui sera effacé</button>
      </form>
      {leads && leads.length === 0 && (
        <p role="status">Aucune demande n&apos;a été envoyée avec cette adresse.</p>
      )}
      {leads && leads.length > 0 && (
        <>
          <h2>
            {leads.length > 1
              ? `${leads.length} demandes seront effacées`
              : "1 demande sera effacée"}
          </h2>
          <ul>
            {leads.map((lead) => (
              <li key={lead.id}>
                <ReceivedAt lead={lead} /> — {lead.request.company} — {personName(lead)}
              </li>
            ))}
          </ul>
          <form method="post" action="/equipe/effacer" className="stack">
            <CsrfField session={session} />
            <input type="hidden" name="email" value={email} />
            <label htmlFor="nombre">Pour confirmer, tapez le nombre de demandes à effacer</label>
            <input
              id="nombre"
              name="nombre"
              inputMode="numeric"
              pattern="[0-9]*"
              required
              autoComplete="off"
            />
            <button type="submit" className="danger">
              Effacer définitivement
            </button>
          </form>
        </>
      )}
    </Layout>
  );
}

const actionNames: Record<AuditAction, string> = {
  "sign-in": "Connexion",
  "sign-out": "Déconnexion",
  status: "Statut changé",
  release: "Sortie de quarantaine",
  spam: "Spam confirmé",
  retry: "Envois relancés",
  export: "Export",
  erase: "Effacement",
  purge: "Purge (durée de conservation)",
  refusal: "Refus",
  owner: "Responsable",
  note: "Note ajoutée",
  reply: "Réponse envoyée",
};

export function AuditPage({
  session,
  entries,
  total,
  page,
  pageSize,
  rules,
}: {
  session: TeamSession;
  entries: AuditEntry[];
  total: number;
  page: number;
  pageSize: number;
  /** Each anti-bot rule's figures over 90 days. */
  rules: readonly RuleTally[];
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Layout title="Journal" session={session}>
      <RuleFigures rules={rules} />
      <h2>Événements</h2>
      <p role="status">
        {total} événement{total > 1 ? "s" : ""}, du plus récent au plus ancien.
      </p>
      {entries.length > 0 && (
        <ScrollRegion label="Journal">
          <table className="cards">
            <thead>
              <tr>
                <th scope="col">Quand</th>
                <th scope="col">Qui</th>
                <th scope="col">Quoi</th>
                <th scope="col">Demande</th>
                <th scope="col">Détail</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry, index) => (
                <tr key={`${entry.at}-${index}`}>
                  <td data-label="Quand">
                    <At iso={entry.at} />
                  </td>
                  <td data-label="Qui">{entry.actor}</td>
                  <td data-label="Quoi">{actionNames[entry.action] ?? entry.action}</td>
                  <td data-label="Demande">{entry.leadId ? <code>{entry.leadId}</code> : "—"}</td>
                  <td data-label="Détail">{entry.detail ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <Pager page={page} pages={pages} href={(to) => `/equipe/journal?page=${to}`} />
    </Layout>
  );
}
