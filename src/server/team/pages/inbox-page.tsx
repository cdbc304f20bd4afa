import React from "react";
import type { InboxPage as Page, TeamSession } from "../../leads/lead-store";
import { filtersSearch, pageSize, statuses, type InboxFilters } from "../inbox-filters";
import { delayText } from "../../leads/actions";
import { departedOwner, departedText } from "../owners";
import { CsrfField, Layout, Pager, ScrollRegion } from "./layout";
import { DeliveryList, personName, QuarantineBadge, ReceivedAt, StatusBadge } from "./lead-parts";

// The inbox: the filters (a GET form, so the address says what is shown), the export of what is
// shown, the requests newest first, and the pages.

export interface InboxPageProps {
  session: TeamSession;
  filters: InboxFilters;
  page: Page;
  /** The team now (TEAM_EMAILS): an owner not in it has left. */
  members: readonly string[];
  /** The median minutes from a request to its first reply, over the last 30 days; null: none. */
  medianReply: number | null;
  notice?: { kind: "success" | "error"; text: string };
}

/** The list's owner column: no one, you, a member, or one who left. */
function ownerCell(owner: string | null, me: string, members: readonly string[]): string {
  const departed = departedOwner(owner, members);
  if (departed !== null) return departedText(departed);
  return owner === null ? "—" : owner === me ? "vous" : owner;
}

export function InboxPage({
  session,
  filters,
  page,
  members,
  medianReply,
  notice,
}: InboxPageProps) {
  const pages = Math.max(1, Math.ceil(page.total / pageSize));
  const current = Math.min(filters.page, pages);
  return (
    <Layout title="Demandes de devis" session={session} notice={notice}>
      <form
        method="get"
        action="/equipe/"
        className="filters"
        role="search"
        aria-label="Filtrer les demandes"
      >
        <div className="field wide">
          <label htmlFor="q">Rechercher</label>
          <input
            id="q"
            name="q"
            type="search"
            defaultValue={filters.q}
            maxLength={200}
            aria-describedby="q-hint"
          />
          <span id="q-hint" className="hint">
            Nom, organisme, email ou message
          </span>
        </div>
        <div className="field">
          <label htmlFor="statut">Statut</label>
          <select id="statut" name="statut" defaultValue={filters.statut}>
            <option value="">Tous</option>
            {statuses.map((entry) => (
              <option key={entry.param} value={entry.param}>
                {entry.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="quarantaine">Quarantaine</label>
          <select id="quarantaine" name="quarantaine" defaultValue={filters.quarantaine}>
            <option value="">Toutes les demandes</option>
            <option value="oui">En quarantaine seulement</option>
            <option value="non">Hors quarantaine</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="responsable">Responsable</label>
          <select id="responsable" name="responsable" defaultValue={filters.responsable}>
            <option value="">Tout le monde</option>
            <option value="moi">Les miennes</option>
            <option value="aucun">Sans responsable</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="du">Reçues du</label>
          <input id="du" name="du" type="date" defaultValue={filters.du} />
        </div>
        <div className="field">
          <label htmlFor="au">au</label>
          <input id="au" name="au" type="date" defaultValue={filters.au} />
        </div>
        <button type="submit">Filtrer</button>
      </form>

      <p className="summary" role="status">
        {page.total === 0
          ? "Aucune demande ne correspond."
          : `${page.total} demande${page.total > 1 ? "s" : ""}${pages > 1 ? `, page ${current} sur ${pages}` : ""}.`}{" "}
      </p>
      <p className="hint">
        Délai médian de première réponse, sur les 30 derniers jours :{" "}
        {medianReply === null
          ? "aucune réponse envoyée depuis la boîte."
          : `${delayText(medianReply)}.`}
      </p>
      <form method="post" action="/equipe/export" className="inline export">
        <CsrfField session={session} />
        {(["q", "statut", "quarantaine", "responsable", "du", "au"] as const).map((name) =>
          filters[name] ? (
            <input key={name} type="hidden" name={name} value={filters[name]} />
          ) : null,
        )}
        <span>Exporter ce qui est affiché :</span>
        <button type="submit" name="format" value="csv" className="secondary">
          CSV (Excel)
        </button>
        <button type="submit" name="format" value="json" className="secondary">
          JSON
        </button>
        <span className="check">
          <input type="checkbox" id="export-notes" name="notes" value="oui" />
          <label htmlFor="export-notes">avec les notes dans le CSV</label>
        </span>
      </form>

      {page.leads.length > 0 && (
        <ScrollRegion label="Liste des demandes">
          <table className="cards">
            <thead>
              <tr>
                <th scope="col">Reçue le</th>
                <th scope="col">Organisme</th>
                <th scope="col">Nom</th>
                <th scope="col">Statut</th>
                <th scope="col">Responsable</th>
                <th scope="col">Envois</th>
              </tr>
            </thead>
            <tbody>
              {page.leads.map((lead) => (
                <tr key={lead.id}>
                  <td data-label="Reçue le">
                    <ReceivedAt lead={lead} />
                  </td>
                  <td data-label="Organisme" className="lead">
                    <a href={`/equipe/demandes/${lead.id}`}>{lead.request.company}</a>
                    <QuarantineBadge lead={lead} />
                  </td>
                  <td data-label="Nom">{personName(lead)}</td>
                  <td data-label="Statut">
                    <StatusBadge lead={lead} />
                  </td>
                  <td data-label="Responsable">{ownerCell(lead.owner, session.email, members)}</td>
                  <td data-label="Envois">
                    <DeliveryList lead={lead} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}

      <Pager
        page={current}
        pages={pages}
        href={(to) => `/equipe/${filtersSearch(filters, { page: to })}`}
      />
    </Layout>
  );
}
