// French number formatting for every figure the site shows: "24 000 €", "65 %", "3 500".

// The spaces are set here rather than left to the runtime's ICU data, which differs between
// Node (the build) and browsers (hydration): a narrow no-break space groups thousands and
// precedes "%", a no-break space precedes "€".
const narrowNoBreakSpace = "\u202f";
const noBreakSpace = "\u00a0";

/**
 * At most one decimal, a decimal comma, thousands grouped: what `Intl.NumberFormat("fr-FR",
 * { maximumFractionDigits: 1 })` writes (a test holds them equal). Written out because building
 * that formatter loads the locale's data, the longest single task of a phone's first render of
 * the landing page. Like Intl, it rounds the number as written ("0.95" gives 1), half away from
 * zero, where `toFixed` would round its binary value (0.9499…).
 */
export function formatNumber(value: number): string {
  const written = String(Math.abs(value));
  const [whole = "0", fraction = ""] = /e/u.test(written)
    ? Math.abs(value).toFixed(1).split(".")
    : written.split(".");
  const roundsUp = (fraction[1] ?? "0") >= "5";
  const tenths = Number(whole) * 10 + Number(fraction[0] ?? "0") + (roundsUp ? 1 : 0);
  const grouped = String(Math.floor(tenths / 10)).replace(/\B(?=(\d{3})+$)/gu, narrowNoBreakSpace);
  const decimal = tenths % 10;
  const sign = value < 0 && tenths !== 0 ? "-" : "";
  return `${sign}${grouped}${decimal === 0 ? "" : `,${decimal}`}`;
}

/** `value` is a percentage as marketing types it (65 for 65 %). */
export function formatPercent(value: number): string {
  return `${formatNumber(value)}${narrowNoBreakSpace}%`;
}

export function formatEuro(value: number): string {
  return `${formatNumber(Math.round(value))}${noBreakSpace}€`;
}

/** The return on cost, "12:1", computed rather than typed so it follows both amounts. */
export function formatRatio(recovered: number, cost: number): string {
  return `${formatNumber(Math.round((recovered / cost) * 10) / 10)}:1`;
}

// Made on first use: only the legal pages show a date, and making it loads the locale's data.
let longDate: Intl.DateTimeFormat | undefined;

/** "20 janvier 2025" from "2025-01-20"; the first of the month is written "1er". */
export function formatLongDate(isoDate: string): string {
  longDate ??= new Intl.DateTimeFormat("fr-FR", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  return longDate.format(new Date(isoDate)).replace(/^1 /, "1er ");
}

/** A `tel:` URI from a French number as written for people: "01 99 00 12 34" → "tel:+33199001234". */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  if (digits.startsWith("+")) return `tel:${digits}`;
  if (digits.startsWith("00")) return `tel:+${digits.slice(2)}`;
  if (digits.startsWith("0")) return `tel:+33${digits.slice(1)}`;
  return `tel:${digits}`;
}

/** "15 jours", "1 jour", "1,5 jour": French keeps the singular below two. */
export function formatDays(value: number): string {
  return `${formatNumber(value)}\u00a0${value >= 2 ? "jours" : "jour"}`;
}
