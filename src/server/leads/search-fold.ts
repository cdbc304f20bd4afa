import type { QuoteRequest } from "../../shared/quote-request/quote-request";

// How the inbox's search compares text, the same on both engines: case and the accents of Latin
// letters do not count (« élodie », « ELODIE » and « Élodie » are one name), nor the typographic
// apostrophe and the non-breaking spaces French typing puts in. Each side of the comparison goes
// through `fold`: a lead's searched text once, when it is stored (leads.search_text), the search
// at each query. The leads stored before the column existed were folded by the migration that
// made it, with `lead_fold`, the same table as a plain SQL function on PostgreSQL
// (migrations-postgres.ts, version 4: translate() then replace(), no extension, no dependency on
// the server's locale) and this function registered on SQLite (sqlite-database.ts), whose
// lower() alone would fold ASCII only. Letters outside the table (Greek, Cyrillic…) are compared
// as they are typed.

/**
 * One character each, `from[i]` read as `to[i]`, a `from` without its `to` deleted: exactly
 * PostgreSQL's translate(value, from, to), as written in migration 4 (migrations-postgres.ts).
 */
export const foldFrom =
  "ABCDEFGHIJKLMNOPQRSTUVWXYZ" +
  "ÀÁÂÃÄÅàáâãäåĀāĂăĄą" +
  "ÇçĆćČč" +
  "ĎďĐđ" +
  "ÈÉÊËèéêëĒēĖėĘęĚě" +
  "ÌÍÎÏìíîïĪīĮįİ" +
  "Ññ" +
  "ÒÓÔÕÖØòóôõöøŌōŐő" +
  "ÙÚÛÜùúûüŪūŮůŰű" +
  "ÝýÿŸ" +
  "ŒÆ" +
  "\u2019\u00a0\u202f" +
  // Combining accents (text typed decomposed, as some systems send it): deleted.
  Array.from({ length: 0x70 }, (_, i) => String.fromCharCode(0x300 + i)).join("");

export const foldTo =
  "abcdefghijklmnopqrstuvwxyz" +
  "aaaaaaaaaaaaaaaaaa" +
  "cccccc" +
  "dddd" +
  "eeeeeeeeeeeeeeee" +
  "iiiiiiiiiiiii" +
  "nn" +
  "oooooooooooooooo" +
  "uuuuuuuuuuuuuu" +
  "yyyy" +
  "œæ" +
  "'  ";

/** After the table, each of these becomes two letters (PostgreSQL: replace(), in this order). */
export const foldExpansions: readonly [string, string][] = [
  ["œ", "oe"],
  ["æ", "ae"],
  ["ß", "ss"],
];

const table = new Map<string, string>();
for (let i = 0; i < foldFrom.length; i += 1) table.set(foldFrom[i]!, foldTo[i] ?? "");
for (const [from, to] of foldExpansions) {
  for (const [key, value] of table) if (value === from) table.set(key, to);
  table.set(from, to);
}
const foldable = new RegExp(`[${[...table.keys()].join("")}]`, "gu");

/** The text as the search compares it: what `lead_fold` gives on either engine. */
export function fold(text: string): string {
  return text.replace(foldable, (char) => table.get(char) ?? char);
}

/**
 * The search text as a LIKE pattern matching it anywhere: folded, and its `%`, `_` and `\`
 * escaped (with `ESCAPE '\'`), so that a visitor's « 100 % » is looked for as typed.
 */
export function containsPattern(search: string): string {
  return `%${fold(search.normalize("NFC")).replace(/[\\%_]/g, "\\$&")}%`;
}

/**
 * What the search reads of a lead, folded: the full name, then the organisation, the email and
 * the message, a line apart, so that a search (one line) does not match across two of them.
 * The migrations fold the leads stored before them the same way, in SQL.
 */
export function searchText(request: QuoteRequest): string {
  const { firstName, lastName, company, email, message } = request;
  return fold(`${firstName} ${lastName}\n${company}\n${email}\n${message}`);
}
