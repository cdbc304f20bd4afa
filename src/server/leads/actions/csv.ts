// CSV that French Excel opens as is: UTF-8 with a byte-order mark (without it Excel reads
// Windows-1252 and mangles accents), `;` as separator (`,` is the French decimal mark), CRLF.

/**
 * What a spreadsheet may run as a formula (OWASP, "CSV Injection"): a value starting with =, +,
 * -, @, a tab or a line break; and the same after leading spaces or quotes, which an import that
 * trims cells would drop before reading the rest. Their full-width forms (＝ ＋ － ＠) too, as a
 * precaution for spreadsheets that fold them: a cell too many gets an apostrophe, nothing worse.
 */
const formula = /^[\t\r\n]|^[\s"']*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * A cell a spreadsheet will not run as a formula: such a value gets a leading apostrophe (how a
 * spreadsheet marks text), and every cell is quoted with its quotes doubled. A visitor's
 * "=HYPERLINK(…)" is then shown, never evaluated.
 */
export function csvCell(value: string): string {
  const neutral = formula.test(value) ? `'${value}` : value;
  return `"${neutral.replace(/"/g, '""')}"`;
}

export function csvDocument(
  header: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(";"));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
