// Reads an admin's lead CSV: checks the file as a whole (size, encoding, header, row count), then validates every
// row and finds the rows repeated within the file, before anything is written.
import { parse } from "csv-parse/sync";
import { type LeadRow, LeadRowSchema } from "~/schemas/business-list";

/** Larger files are refused before they are read (the request limit for the upload path is a little above). */
const MAX_LEAD_FILE_BYTES = 1_000_000;
export const MAX_LEAD_ROWS = 5000;
const LEAD_COLUMNS = ["business_name", "contact_name", "phone", "email", "address"] as const;
const REQUIRED_COLUMNS = ["business_name", "phone"] as const;

export const LEAD_CSV_MESSAGES = {
  noFile: "Please choose a CSV file to upload.",
  empty: "The file is empty.",
  tooLarge: "The file is larger than 1 MB. Split it into smaller files.",
  tooManyRows: `The file has more than ${MAX_LEAD_ROWS.toLocaleString("en-GB")} rows. Split it into smaller files.`,
  encoding: "The file is not UTF-8 text. Save it as 'CSV UTF-8' and upload it again.",
  unreadable: "The file could not be read as CSV",
  header: `The first row must name the columns: ${LEAD_COLUMNS.join(", ")}.`,
};

export interface LeadFileRow {
  /** The line of the file the row ends on (the header is line 1). */
  line: number;
  lead: LeadRow;
}
interface ParsedLeadFile {
  rows: LeadFileRow[];
  refused: { line: number; reason: string }[];
  duplicatesInFile: { line: number; firstLine: number; businessName: string }[];
}

export type LeadFileResult = { ok: true; file: ParsedLeadFile } | { ok: false; message: string };

/** The key the pool is unique on: type, business name in any case and phone. */
export const leadKey = (lead: { businessName: string; phone: string }) =>
  `${lead.businessName.toLowerCase()}\u0000${lead.phone}`;

export function parseLeadCsv(bytes: Uint8Array): LeadFileResult {
  if (bytes.byteLength === 0) return { ok: false, message: LEAD_CSV_MESSAGES.empty };
  if (bytes.byteLength > MAX_LEAD_FILE_BYTES) return { ok: false, message: LEAD_CSV_MESSAGES.tooLarge };
  let text: string;
  try {
    // A UTF-8 byte order mark (Excel's 'CSV UTF-8') is dropped by the decoder.
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, message: LEAD_CSV_MESSAGES.encoding };
  }
  // UTF-16 text decodes as UTF-8 full of NULs; no real CSV has one.
  if (text.includes("\u0000")) return { ok: false, message: LEAD_CSV_MESSAGES.encoding };

  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      info: true,
      relax_column_count: true,
      // A quote inside an unquoted cell (12" Pizza) is kept as typed.
      relax_quotes: true,
      skip_empty_lines: true,
      // Stops a runaway quoted cell long before the whole file is one record.
      max_record_size: 10_000,
      to: MAX_LEAD_ROWS + 2,
    }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return { ok: false, message: `${LEAD_CSV_MESSAGES.unreadable}${line ? ` (near line ${line})` : ""}.` };
  }
  const [head, ...body] = records;
  if (!head) return { ok: false, message: LEAD_CSV_MESSAGES.empty };
  const columns = head.record.map((c) => c.trim().toLowerCase().replace(/\s+/g, "_"));
  const known = new Set<string>(LEAD_COLUMNS);
  const missing = REQUIRED_COLUMNS.filter((c) => !columns.includes(c));
  const unknown = columns.filter((c) => !known.has(c));
  const repeated = columns.filter((c, i) => columns.indexOf(c) !== i);
  if (missing.length || unknown.length || repeated.length) {
    const details = [
      missing.length ? `missing ${missing.join(", ")}` : "",
      unknown.length ? `unknown ${unknown.map((c) => `'${c.slice(0, 40)}'`).join(", ")}` : "",
      repeated.length ? `repeated ${repeated.join(", ")}` : "",
    ].filter(Boolean);
    return {
      ok: false,
      message: `${LEAD_CSV_MESSAGES.header} This file's header has ${details.join("; ")}.`,
    };
  }
  if (body.length === 0)
    return { ok: false, message: `${LEAD_CSV_MESSAGES.empty} It has a header and no rows.` };
  if (body.length > MAX_LEAD_ROWS) return { ok: false, message: LEAD_CSV_MESSAGES.tooManyRows };

  const file: ParsedLeadFile = { rows: [], refused: [], duplicatesInFile: [] };
  const firstLineOf = new Map<string, number>();
  for (const { record, info } of body) {
    const line = info.lines;
    if (record.length > columns.length) {
      file.refused.push({
        line,
        reason: `it has ${record.length} cells and the header ${columns.length} (a comma in a cell needs quotes)`,
      });
      continue;
    }
    const cells = Object.fromEntries(LEAD_COLUMNS.map((c) => [c, record[columns.indexOf(c)] ?? ""]));
    const parsed = LeadRowSchema.safeParse(cells);
    if (!parsed.success) {
      file.refused.push({ line, reason: parsed.error.issues.map((i) => i.message).join("; ") });
      continue;
    }
    const lead = parsed.data;
    const key = leadKey({ businessName: lead.business_name, phone: lead.phone });
    const first = firstLineOf.get(key);
    if (first !== undefined) {
      file.duplicatesInFile.push({ line, firstLine: first, businessName: lead.business_name });
      continue;
    }
    firstLineOf.set(key, line);
    file.rows.push({ line, lead });
  }
  return { ok: true, file };
}
