// Writes CSV files people open in spreadsheets: RFC 4180 quoting, and text that a spreadsheet would run as a
// formula is neutralised.

export type CsvValue = string | number | null | undefined;

/** Characters that make a spreadsheet read a cell as a formula (tab and carriage return included). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell. Text that starts like a formula gets a leading apostrophe, so '=HYPERLINK(...)' typed by a customer
 * stays text. Numbers are written as they are: they are ours, not typed by anyone.
 */
export function csvCell(value: CsvValue) {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: a header row, then the rows, CRLF line endings as RFC 4180 has them. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]) {
  return `${[header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
