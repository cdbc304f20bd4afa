// CSV that French Excel opens as is: UTF-8 with a byte-order mark (without it Excel reads
// Windows-1252 and mangles accents), `;` as separator (`,` is the French decimal mark), CRLF.

/**
 * A cell a spreadsheet will not run as a formula (OWASP, "CSV Injection"): a value starting with
 * =, +, -, @, a tab or a carriage return gets a leading apostrophe, and every cell is quoted with
 * its quotes doubled. A visitor's "=HYPERLINK(…)" is then shown, never evaluated.
 */
export function csvCell(value: string): string {
  const neutral = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${neutral.replace(/"/g, '""')}"`;
}

export function csvDocument(
  header: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(";"));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
