// Reads an uploaded CSV as a table: checks the file as a whole (size, encoding, header, row count) before any row
// is looked at, then hands back each row's cells by column with the line it ends on. The lead pool and a company's
// people import both read their files through it; each checks its own rows.
import { parse } from "csv-parse/sync";

export interface CsvTableSpec<C extends string> {
  columns: readonly C[];
  required: readonly C[];
  maxRows: number;
  maxBytes: number;
  messages: {
    empty: string;
    tooLarge: string;
    tooManyRows: string;
    encoding: string;
    unreadable: string;
    header: string;
  };
}

interface CsvTableRow<C extends string> {
  /** The line of the file the row ends on (the header is line 1). */
  line: number;
  cells: Record<C, string>;
}

export type CsvTable<C extends string> =
  | { ok: true; rows: CsvTableRow<C>[]; tooWide: { line: number; reason: string }[] }
  | { ok: false; message: string };

/** Column names as people type them: any case, spaces for underscores. */
const columnName = (c: string) => c.trim().toLowerCase().replace(/\s+/g, "_");

export function readCsvTable<C extends string>(bytes: Uint8Array, spec: CsvTableSpec<C>): CsvTable<C> {
  const { messages } = spec;
  if (bytes.byteLength === 0) return { ok: false, message: messages.empty };
  if (bytes.byteLength > spec.maxBytes) return { ok: false, message: messages.tooLarge };
  let text: string;
  try {
    // A UTF-8 byte order mark (Excel's 'CSV UTF-8') is dropped by the decoder.
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, message: messages.encoding };
  }
  // UTF-16 text decodes as UTF-8 full of NULs; no real CSV has one.
  if (text.includes("\u0000")) return { ok: false, message: messages.encoding };

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
      to: spec.maxRows + 2,
    }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return { ok: false, message: `${messages.unreadable}${line ? ` (near line ${line})` : ""}.` };
  }
  const [head, ...body] = records;
  if (!head) return { ok: false, message: messages.empty };
  const columns = head.record.map(columnName);
  const known = new Set<string>(spec.columns);
  const missing = spec.required.filter((c) => !columns.includes(c));
  const unknown = columns.filter((c) => !known.has(c));
  const repeated = columns.filter((c, i) => columns.indexOf(c) !== i);
  if (missing.length || unknown.length || repeated.length) {
    const details = [
      missing.length ? `missing ${missing.join(", ")}` : "",
      unknown.length ? `unknown ${unknown.map((c) => `'${c.slice(0, 40)}'`).join(", ")}` : "",
      repeated.length ? `repeated ${repeated.join(", ")}` : "",
    ].filter(Boolean);
    return { ok: false, message: `${messages.header} This file's header has ${details.join("; ")}.` };
  }
  if (body.length === 0) return { ok: false, message: `${messages.empty} It has a header and no rows.` };
  if (body.length > spec.maxRows) return { ok: false, message: messages.tooManyRows };

  const rows: CsvTableRow<C>[] = [];
  const tooWide: { line: number; reason: string }[] = [];
  for (const { record, info } of body) {
    if (record.length > columns.length) {
      tooWide.push({
        line: info.lines,
        reason: `it has ${record.length} cells and the header ${columns.length} (a comma in a cell needs quotes)`,
      });
      continue;
    }
    const cells = Object.fromEntries(spec.columns.map((c) => [c, record[columns.indexOf(c)] ?? ""]));
    rows.push({ line: info.lines, cells: cells as Record<C, string> });
  }
  return { ok: true, rows, tooWide };
}
