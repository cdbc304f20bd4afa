import { leadStatuses, statusFromWord, statusLabels } from "../leads/actions/labels";
import type { InboxQuery, LeadStatus } from "../leads/lead-store";

// The inbox's filters as the page's address carries them (so a filtered view can be bookmarked,
// paged and exported): French parameter names and values, read strictly, a wrong value named.

export const pageSize = 50;

/** A status as the address and the forms carry it: its label, unaccented, `-` for spaces. */
const statusParam = (status: LeadStatus) =>
  statusLabels[status].normalize("NFD").replace(/\p{M}/gu, "").replace(/ /g, "-");

/** Each status, its word in addresses and forms, and its label as a heading shows it. */
export const statuses = leadStatuses.map((status) => ({
  status,
  param: statusParam(status),
  label: statusLabels[status].charAt(0).toUpperCase() + statusLabels[status].slice(1),
}));

export const statusLabel = (status: LeadStatus) =>
  statuses.find((entry) => entry.status === status)?.label ?? status;

export const statusFromParam = (param: unknown): LeadStatus | undefined =>
  typeof param === "string" && param !== "" ? statusFromWord(param) : undefined;

export interface InboxFilters {
  q: string;
  statut: string;
  quarantaine: "" | "oui" | "non";
  /** « les miennes » (moi), « sans responsable » (aucun), or every lead. */
  responsable: "" | "moi" | "aucun";
  du: string;
  au: string;
  page: number;
}

/** A real day written YYYY-MM-DD: 2024-02-31 is not one (Date would read it as 2 March). */
const isDay = (text: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) &&
  !Number.isNaN(Date.parse(text)) &&
  new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;

/** Midnight in Paris at the start of `isoDay`, as an instant (daylight saving time included). */
export function parisMidnight(isoDay: string): Date {
  const utc = new Date(`${isoDay}T00:00:00Z`);
  const shown = new Date(utc.toLocaleString("en-US", { timeZone: "Europe/Paris" }));
  const shownUtc = new Date(utc.toLocaleString("en-US", { timeZone: "UTC" }));
  return new Date(utc.getTime() - (shown.getTime() - shownUtc.getTime()));
}

const single = (value: unknown): string =>
  typeof value === "string" ? value : Array.isArray(value) ? String(value[0] ?? "") : "";

/** The filters of a query string, and a French line for each value that cannot be used. */
export function readFilters(query: Record<string, unknown>): {
  filters: InboxFilters;
  problems: string[];
} {
  const problems: string[] = [];
  const q = single(query.q).trim().slice(0, 200);
  let statut = single(query.statut);
  if (statut !== "" && !statusFromParam(statut)) {
    problems.push("Ce statut n'existe pas : toutes les demandes sont affichées.");
    statut = "";
  }
  let quarantaine = single(query.quarantaine);
  if (!["", "oui", "non"].includes(quarantaine)) quarantaine = "";
  let responsable = single(query.responsable);
  if (!["", "moi", "aucun"].includes(responsable)) responsable = "";
  const dates = { du: single(query.du), au: single(query.au) };
  for (const key of ["du", "au"] as const) {
    if (dates[key] !== "" && !isDay(dates[key])) {
      problems.push(
        `La date « ${dates[key].slice(0, 40)} » n'est pas une date : elle est ignorée.`,
      );
      dates[key] = "";
    }
  }
  const page = /^\d{1,6}$/.test(single(query.page)) ? Math.max(1, Number(single(query.page))) : 1;
  return {
    filters: {
      q,
      statut,
      quarantaine: quarantaine as InboxFilters["quarantaine"],
      responsable: responsable as InboxFilters["responsable"],
      ...dates,
      page,
    },
    problems,
  };
}

/**
 * The store's query for the filters, without paging; `me`, the member asking (« les miennes »);
 * `members`, the team now: « sans responsable » includes the requests of those who left.
 */
export function storeQuery(
  filters: InboxFilters,
  me: string,
  members: readonly string[],
): Omit<InboxQuery, "limit" | "offset"> {
  const nextDay = (isoDay: string) =>
    new Date(Date.parse(`${isoDay}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return {
    ...(filters.q && { search: filters.q }),
    ...(statusFromParam(filters.statut) && { status: statusFromParam(filters.statut) }),
    ...(filters.quarantaine === "oui" && { quarantine: "only" as const }),
    ...(filters.quarantaine === "non" && { quarantine: "none" as const }),
    ...(filters.du && { from: parisMidnight(filters.du) }),
    ...(filters.au && { to: parisMidnight(nextDay(filters.au)) }),
    ...(filters.responsable === "moi" && { owner: me }),
    ...(filters.responsable === "aucun" && { owner: null, team: members }),
  };
}

/** The query string that shows these filters, with `changes` applied (another page). */
export function filtersSearch(filters: InboxFilters, changes: Partial<InboxFilters> = {}): string {
  const merged = { ...filters, ...changes };
  const params = new URLSearchParams();
  for (const key of ["q", "statut", "quarantaine", "responsable", "du", "au"] as const) {
    if (merged[key]) params.set(key, merged[key]);
  }
  if (merged.page > 1) params.set("page", String(merged.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
