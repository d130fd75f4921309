// Writes CSV files people open in spreadsheets: RFC 4180 quoting, and text that a spreadsheet would run as a
// formula is neutralised (docs/security.md#csv-exports).

export type CsvValue = string | number | null | undefined;

/** Characters that make a spreadsheet read a cell as a formula (tab and carriage return included). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A phone number as people write it: '+', then only digits, spaces, dots, dashes and brackets, at least 6
 * digits. It names no function, cell or command, so a spreadsheet cannot run anything from it; it is written
 * as it is rather than with an apostrophe the reader would see.
 */
const PHONE_NUMBER = /^\+[0-9 ().-]+$/;
const isPhoneNumber = (text: string) => PHONE_NUMBER.test(text) && text.replace(/\D/g, "").length >= 6;

/** Excel and LibreOffice read a file as UTF-8 only when it starts with this mark ('Zoë', not 'ZoÃ«'). */
const BYTE_ORDER_MARK = "\uFEFF";

/**
 * One cell. Text is always quoted, so no separator (',' or a ';' locale's) splits it. Quoting does not stop a
 * formula (Excel reads "=1+1" as =1+1), so text that starts like one also gets a leading apostrophe and stays
 * text ('=HYPERLINK(...)' typed by a customer); a phone number is the one exception. Numbers are written as they
 * are: they are ours, not typed by anyone.
 */
export function csvCell(value: CsvValue) {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const text = FORMULA_START.test(value) && !isPhoneNumber(value) ? `'${value}` : value;
  return `"${text.replaceAll('"', '""')}"`;
}

/** A whole file: the byte-order mark, a header row, then the rows, CRLF line endings as RFC 4180 has them. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]) {
  return `${BYTE_ORDER_MARK}${[header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

// ---------------------------------------------------------------------------------------------------------------
// Reading uploaded CSV files: the bytes as text, whatever a spreadsheet saved them as.

export class CsvEncodingError extends Error {
  override name = "CsvEncodingError";
}

/**
 * The text of an uploaded file. UTF-8 (with or without the byte-order mark Excel adds) and UTF-16 with its mark
 * are read as such; other bytes that are not valid UTF-8 are read as Windows-1252, which is what Excel's plain
 * 'CSV' saves on Windows. A file with NUL bytes and no UTF-16 mark is not text at all and is refused.
 */
export function decodeCsvBytes(bytes: Uint8Array) {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  if (bytes.includes(0)) throw new CsvEncodingError("The file is not a CSV text file");
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    return new TextDecoder("windows-1252").decode(body);
  }
}

/**
 * A cell as it was before csvCell() neutralised it: the apostrophe in front of a formula character is dropped,
 * so a file this site exported imports back unchanged (also one from before phone numbers were left bare).
 */
export function csvCellText(cell: string) {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}
