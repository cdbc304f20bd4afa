import React from "react";
import type { FastifyInstance } from "fastify";
import { optional, type } from "superstruct";
import { audienceReport, daysOf, type AudienceReport, type Period } from "../../../audience/report";
import { parisDay } from "../../../audience/visitor";
import { csvDocument } from "../../../leads/actions/csv";
import { StatsPage, type PeriodLink } from "../../../team/pages/stats-page";
import type { SuperstructTypes } from "../../superstruct-schemas";
import { sendPage, Text, type TeamContext } from "./respond";

// « Statistiques » (GET /equipe/statistiques) and its CSV, for every member signed in: the site's
// anonymous audience over a period of Paris days, the last 30 by default (src/server/audience/).

const PeriodQuery = type({ du: optional(Text), au: optional(Text) });

/** The longest period shown: two years and a bit, the events' own limit being 25 months. */
const maxDays = 800;

const isDay = (value: string | undefined): value is string =>
  value !== undefined &&
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  new Date(`${value}T12:00:00Z`).toISOString().startsWith(value);

const daysBefore = (day: string, count: number) =>
  new Date(new Date(`${day}T12:00:00Z`).getTime() - count * 86_400_000).toISOString().slice(0, 10);

/** The period asked for, or the last 30 days with why the one asked was not taken. */
function periodOf(
  query: { du?: string; au?: string },
  today: string,
): { period: Period; problem?: string } {
  const last30 = { from: daysBefore(today, 29), to: today };
  if (query.du === undefined && query.au === undefined) return { period: last30 };
  if (!isDay(query.du) || !isDay(query.au)) {
    return {
      period: last30,
      problem:
        "Les dates de la période ne sont pas lisibles (AAAA-MM-JJ) : voici les 30 derniers jours.",
    };
  }
  if (query.du > query.au) {
    return {
      period: last30,
      problem: "La période finit avant de commencer : voici les 30 derniers jours.",
    };
  }
  if (daysOf({ from: query.du, to: query.au }).length > maxDays) {
    return {
      period: last30,
      problem: `La période dépasse ${maxDays} jours : voici les 30 derniers jours.`,
    };
  }
  return { period: { from: query.du, to: query.au } };
}

const query = ({ from, to }: Period) => `du=${from}&au=${to}`;

function reportCsv(report: AudienceReport): string {
  const rows: string[][] = [
    ...report.days.map((day) => ["jour", day.day, String(day.visitors), String(day.views)]),
    ...report.pages.map((page) => ["page", page.path, String(page.visitors), String(page.views)]),
    ...report.entries.map((entry) => ["entrée", entry.path, "", String(entry.visits)]),
    ...report.referrers.map((referrer) => [
      "provenance",
      referrer.host,
      "",
      String(referrer.visits),
    ]),
    ...report.missing.map((missing) => ["introuvable", missing.path, "", String(missing.hits)]),
    ["formulaire", "vu", String(report.funnel.seen), ""],
    ["formulaire", "commencé", String(report.funnel.started), ""],
    ["formulaire", "envoyé", String(report.funnel.sent), ""],
    ["formulaire", "reçu par le serveur", "", String(report.funnel.accepted)],
    ...report.speed.flatMap((page) => [
      ["vitesse LCP (ms, 75e centile)", page.path, String(page.samples), String(page.lcpMs ?? "")],
      ["vitesse CLS (75e centile)", page.path, String(page.samples), String(page.cls ?? "")],
      ["vitesse INP (ms, 75e centile)", page.path, String(page.samples), String(page.inpMs ?? "")],
    ]),
    ...report.filtered.map((row) => ["non compté", row.class, "", String(row.hits)]),
  ];
  return csvDocument(["Mesure", "Objet", "Visiteurs", "Nombre"], rows);
}

export function statsRoutes(plugin: FastifyInstance, { store }: TeamContext) {
  const app = plugin.withTypeProvider<SuperstructTypes>();
  const reportFor = (period: Period) => audienceReport(store.audience, period);

  app.get("/statistiques", { schema: { querystring: PeriodQuery } }, async (request, reply) => {
    const today = parisDay(new Date());
    const { period, problem } = periodOf(request.query, today);
    const presets: [string, Period][] = [
      ["7 derniers jours", { from: daysBefore(today, 6), to: today }],
      ["30 derniers jours", { from: daysBefore(today, 29), to: today }],
      ["90 derniers jours", { from: daysBefore(today, 89), to: today }],
      ["12 derniers mois", { from: daysBefore(today, 364), to: today }],
    ];
    const periods: PeriodLink[] = presets.map(([label, preset]) => ({
      label,
      href: `/equipe/statistiques?${query(preset)}`,
      current: preset.from === period.from && preset.to === period.to,
    }));
    return sendPage(
      reply,
      <StatsPage
        session={request.teamSession!}
        report={await reportFor(period)}
        periods={periods}
        csvHref={`/equipe/statistiques.csv?${query(period)}`}
        notice={problem ? { kind: "error", text: problem } : undefined}
      />,
      problem ? 400 : 200,
    );
  });

  app.get("/statistiques.csv", { schema: { querystring: PeriodQuery } }, async (request, reply) => {
    const { period, problem } = periodOf(request.query, parisDay(new Date()));
    if (problem) return reply.code(400).type("text/plain; charset=utf-8").send(problem);
    return reply
      .withHostHeaders("/equipe/")
      .headers({
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="statistiques-${period.from}-${period.to}.csv"`,
        "cache-control": "no-store",
      })
      .send(reportCsv(await reportFor(period)));
  });
}
