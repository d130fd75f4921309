// Reads an admin's lead CSV: the file is checked whole (platform/csv-table.server.ts), then every row is validated
// and the rows repeated within the file are found, before anything is written.
import { type LeadRow, LeadRowSchema } from "~/schemas/business-list";
import { readCsvTable } from "../platform/csv-table.server";

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
  const table = readCsvTable(bytes, {
    columns: LEAD_COLUMNS,
    required: REQUIRED_COLUMNS,
    maxRows: MAX_LEAD_ROWS,
    maxBytes: MAX_LEAD_FILE_BYTES,
    messages: LEAD_CSV_MESSAGES,
  });
  if (!table.ok) return table;
  const file: ParsedLeadFile = { rows: [], refused: [...table.tooWide], duplicatesInFile: [] };
  const firstLineOf = new Map<string, number>();
  for (const { line, cells } of table.rows) {
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
  file.refused.sort((a, b) => a.line - b.line);
  return { ok: true, file };
}
