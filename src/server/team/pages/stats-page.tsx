import React from "react";
import type { TeamSession } from "../../leads/lead-store";
import { filteredClassNames } from "../../audience/classify";
import { goodSpeed, type AudienceReport } from "../../audience/report";
import { Layout, ScrollRegion } from "./layout";

// « Statistiques »: the site's anonymous audience over a period (src/server/audience/report.ts),
// for marketing and sales, on the team's origin, signed in, without a script. The chart of each
// day's visitors is drawn here as SVG, its figures in the table under it for screen readers;
// every other figure is a table. docs/audience.md says what each one means and cannot say.

const french = new Intl.NumberFormat("fr-FR");
const dayName = new Intl.DateTimeFormat("fr-FR", {
  timeZone: "UTC",
  day: "numeric",
  month: "short",
});
const shortDay = (day: string) => dayName.format(new Date(`${day}T12:00:00Z`));
const round = (value: number) => Math.round(value * 10) / 10;
const percent = (part: number, whole: number) =>
  whole === 0 ? "—" : `${Math.round((100 * part) / whole)} %`;

/** The periods offered beside the one chosen by its dates. */
export interface PeriodLink {
  label: string;
  href: string;
  current: boolean;
}

function VisitorsChart({ days }: { days: AudienceReport["days"] }) {
  const width = 640;
  const height = 160;
  const top = Math.max(1, ...days.map((day) => day.visitors));
  const step = width / Math.max(1, days.length);
  return (
    <svg
      viewBox={`0 0 ${width} ${height + 28}`}
      className="chart"
      role="img"
      aria-labelledby="graphique-titre"
    >
      <title id="graphique-titre">
        {`Visiteurs par jour, de 0 à ${french.format(top)} : le détail est dans le tableau qui suit.`}
      </title>
      <line x1="0" y1={height} x2={width} y2={height} stroke="currentColor" strokeWidth="1" />
      {days.map((day, index) => {
        const barHeight = (day.visitors / top) * (height - 4);
        return (
          <rect
            key={day.day}
            x={round(index * step + step * 0.15)}
            y={round(height - barHeight)}
            width={round(Math.max(1, step * 0.7))}
            height={round(barHeight)}
            fill="#1d4e89"
          />
        );
      })}
      <text x="0" y={height + 24} fontSize="20" fill="currentColor">
        {shortDay(days[0]!.day)}
      </text>
      <text x={width} y={height + 24} fontSize="20" fill="currentColor" textAnchor="end">
        {shortDay(days.at(-1)!.day)}
      </text>
    </svg>
  );
}

/**
 * A table of rows under its caption; « Aucune donnée » when there is none. Up to three columns it
 * fits a phone as a table; wider, each row becomes a card there (the inbox's `cards`).
 */
function Figures({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: string[];
  rows: (string | number)[][];
}) {
  if (rows.length === 0) return <p>Aucune donnée sur la période.</p>;
  return (
    <ScrollRegion label={caption}>
      <table className={columns.length > 3 ? "cards" : "figures"}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              {row.map((cell, column) => (
                <td
                  key={column}
                  data-label={columns[column]}
                  className={column === 0 ? "lead" : undefined}
                >
                  {typeof cell === "number" ? french.format(cell) : cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

const speedCell = (value: number | null, good: number, unit: "ms" | "") =>
  value === null
    ? "—"
    : `${unit === "ms" ? `${french.format(Math.round(value))} ms` : french.format(Math.round(value * 100) / 100)} ${value <= good ? "(bon)" : "(à améliorer)"}`;

export function StatsPage({
  session,
  report,
  periods,
  csvHref,
  notice,
}: {
  session: TeamSession;
  report: AudienceReport;
  periods: PeriodLink[];
  csvHref: string;
  notice?: { kind: "error"; text: string };
}) {
  const { funnel } = report;
  const totalViews = report.days.reduce((sum, day) => sum + day.views, 0);
  const totalVisitors = report.days.reduce((sum, day) => sum + day.visitors, 0);
  return (
    <Layout title="Statistiques" session={session} notice={notice}>
      <p>
        Mesure d&apos;audience anonyme, sans cookie : un visiteur est compté une fois par jour, sans
        que personne puisse savoir qui il est (voir la politique de confidentialité).
      </p>
      <form method="get" action="/equipe/statistiques" className="period">
        <label>
          Du <input type="date" name="du" defaultValue={report.period.from} required />
        </label>
        <label>
          au <input type="date" name="au" defaultValue={report.period.to} required />
        </label>
        <button type="submit">Afficher</button>
      </form>
      <ul className="periods" aria-label="Périodes">
        {periods.map((period) => (
          <li key={period.label}>
            <a href={period.href} aria-current={period.current ? "page" : undefined}>
              {period.label}
            </a>
          </li>
        ))}
        <li>
          <a href={csvHref} download>
            Télécharger la période en CSV
          </a>
        </li>
      </ul>

      <section aria-labelledby="visites">
        <h2 id="visites">Visites</h2>
        <p role="status">
          {french.format(totalVisitors)} visites (chaque visiteur compté une fois par jour) et{" "}
          {french.format(totalViews)} pages vues sur la période.
        </p>
        <VisitorsChart days={report.days} />
        <Figures
          caption="Visiteurs et pages vues par jour"
          columns={["Jour", "Visiteurs", "Pages vues"]}
          rows={report.days.map((day) => [shortDay(day.day), day.visitors, day.views])}
        />
      </section>

      <section aria-labelledby="entonnoir">
        <h2 id="entonnoir">Formulaire de devis</h2>
        <Figures
          caption="Étapes du formulaire"
          columns={["Étape", "Visiteurs", "Part de l'étape précédente"]}
          rows={[
            ["Formulaire vu", funnel.seen, "—"],
            ["Formulaire commencé", funnel.started, percent(funnel.started, funnel.seen)],
            ["Demande envoyée", funnel.sent, percent(funnel.sent, funnel.started)],
            [
              "Demandes reçues par le serveur",
              funnel.accepted,
              percent(funnel.accepted, funnel.sent),
            ],
          ]}
        />
      </section>

      <section aria-labelledby="pages">
        <h2 id="pages">Pages</h2>
        <Figures
          caption="Pages vues"
          columns={["Page", "Pages vues", "Visiteurs"]}
          rows={report.pages.map((page) => [page.path, page.views, page.visitors])}
        />
        <h3>Pages d&apos;entrée</h3>
        <Figures
          caption="Pages d'entrée"
          columns={["Page", "Visites"]}
          rows={report.entries.map((entry) => [entry.path, entry.visits])}
        />
        <h3>Sites d&apos;où viennent les visiteurs</h3>
        <Figures
          caption="Sites d'où viennent les visiteurs"
          columns={["Site", "Pages vues"]}
          rows={report.referrers.map((referrer) => [referrer.host, referrer.visits])}
        />
        <h3>Adresses introuvables (404)</h3>
        <Figures
          caption="Adresses introuvables"
          columns={["Adresse", "Fois"]}
          rows={report.missing.map((missing) => [missing.path, missing.hits])}
        />
      </section>

      <section aria-labelledby="vitesse">
        <h2 id="vitesse">Vitesse chez les visiteurs</h2>
        <p>
          Au 75ᵉ centile (trois visites sur quatre au moins aussi rapides), selon les seuils de
          Google : affichage principal (LCP) ≤ {french.format(goodSpeed.lcpMs / 1000)} s, stabilité
          (CLS) ≤ {french.format(goodSpeed.cls)}, réactivité (INP) ≤ {goodSpeed.inpMs} ms.
        </p>
        <Figures
          caption="Vitesse par page"
          columns={["Page", "Mesures", "LCP", "CLS", "INP"]}
          rows={report.speed.map((page) => [
            page.path,
            page.samples,
            speedCell(page.lcpMs, goodSpeed.lcpMs, "ms"),
            speedCell(page.cls, goodSpeed.cls, ""),
            speedCell(page.inpMs, goodSpeed.inpMs, "ms"),
          ])}
        />
      </section>

      <section aria-labelledby="filtres">
        <h2 id="filtres">Envois non comptés</h2>
        <Figures
          caption="Envois non comptés"
          columns={["Raison", "Envois"]}
          rows={report.filtered.map((row) => [
            filteredClassNames[row.class] ?? row.class,
            row.hits,
          ])}
        />
      </section>
    </Layout>
  );
}
