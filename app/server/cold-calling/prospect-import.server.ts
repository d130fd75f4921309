// Importing a customer's prospects from a CSV file: every row is checked first (header, encoding, size, each
// field by the add form's own rules, duplicates), then the good rows are written in one transaction and the
// refused ones are reported with their line and reason.
import { parse } from "csv-parse/sync";
import { and, eq, inArray, sql } from "drizzle-orm";
import { prospects } from "~/db/schema";
import { PROSPECT_QUOTAS } from "~/schemas/prospect-options";
import { type ProspectFields, ProspectFieldsSchema } from "~/schemas/prospects";
import { CsvEncodingError, csvCellText, decodeCsvBytes } from "~/utils/csv";
import type { Database } from "../platform/db.server";
import { lockProspectCount, PROSPECTS_FULL } from "./prospect-quotas.server";

/** The file may be at most this large, and hold at most this many rows after its header. */
export const PROSPECT_IMPORT_MAX_BYTES = 1024 * 1024;
export const PROSPECT_IMPORT_MAX_ROWS = 2000;
/** A report lists this many refused rows; the count says how many there were in all. */
const REPORTED_REFUSALS = 100;

export const PROSPECT_CSV_COLUMNS = [
  "business_name",
  "contact_name",
  "phone",
  "email",
  "address",
  "business_type",
] as const;

export class ProspectImportError extends Error {
  override name = "ProspectImportError";
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

interface RefusedRow {
  line: number;
  reason: string;
}
export interface ParsedImport {
  rows: (ProspectFields & { line: number })[];
  refused: RefusedRow[];
  ignoredColumns: string[];
}

type BusinessType = { id: string; label: string };

const FIELD_OF_COLUMN: Record<(typeof PROSPECT_CSV_COLUMNS)[number], keyof ProspectFields> = {
  business_name: "businessName",
  contact_name: "contactName",
  phone: "phone",
  email: "email",
  address: "address",
  business_type: "businessType",
};

/** The same business twice: its name (any case) and the digits of its phone. */
const duplicateKey = (p: { businessName: string; phone?: string | null }) =>
  `${p.businessName.toLowerCase()}|${(p.phone ?? "").replace(/\D/g, "")}`;

/**
 * Reads and checks a CSV file without touching the database: the whole file is refused (with the reason) when
 * it is too large, not text, not CSV, lacks a column or has too many rows; otherwise each row is either good or
 * refused with its line number. `types` are the business types a row may name, by id or label.
 */
export function parseProspectCsv(bytes: Uint8Array, types: BusinessType[]): ParsedImport {
  if (bytes.byteLength === 0) throw new ProspectImportError("The file is empty");
  if (bytes.byteLength > PROSPECT_IMPORT_MAX_BYTES)
    throw new ProspectImportError("The file is larger than 1 MB. Split it into smaller files.", 413);
  let text: string;
  try {
    text = decodeCsvBytes(bytes);
  } catch (error) {
    if (error instanceof CsvEncodingError) throw new ProspectImportError(error.message);
    throw error;
  }
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      info: true,
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      max_record_size: 64 * 1024,
      // One more than allowed, so an over-long file is noticed without reading all of it.
      to: PROSPECT_IMPORT_MAX_ROWS + 2,
    }) as unknown as typeof records;
  } catch (error) {
    const where = (error as { lines?: number }).lines;
    throw new ProspectImportError(
      `The file is not valid CSV${where ? ` (near line ${where})` : ""}. Save it as CSV and try again.`,
    );
  }
  const [head, ...body] = records;
  if (!head) throw new ProspectImportError("The file is empty");
  const header = head.record.map((h) => h.trim().toLowerCase());
  const missing = PROSPECT_CSV_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length)
    throw new ProspectImportError(
      `The first row must name the columns ${PROSPECT_CSV_COLUMNS.join(", ")}. Missing: ${missing.join(", ")}.`,
    );
  const repeated = header.filter((h, i) => h && header.indexOf(h) !== i);
  if (repeated.length)
    throw new ProspectImportError(`The column ${repeated[0]} appears more than once in the first row.`);
  if (body.length > PROSPECT_IMPORT_MAX_ROWS)
    throw new ProspectImportError(
      `The file has more than ${PROSPECT_IMPORT_MAX_ROWS.toLocaleString("en-GB")} rows. Split it into smaller files.`,
      413,
    );

  const typeOf = new Map<string, string>();
  for (const t of types) {
    typeOf.set(t.id.toLowerCase(), t.id);
    typeOf.set(t.label.toLowerCase(), t.id);
  }
  const columnIndex = PROSPECT_CSV_COLUMNS.map((c) => [c, header.indexOf(c)] as const);
  const result: ParsedImport = {
    rows: [],
    refused: [],
    ignoredColumns: header.filter((h) => h && !(PROSPECT_CSV_COLUMNS as readonly string[]).includes(h)),
  };
  const firstLineOf = new Map<string, number>();
  for (const { record, info } of body) {
    const line = info.lines;
    if (record.length !== header.length) {
      result.refused.push({
        line,
        reason: `Expected ${header.length} columns, found ${record.length}`,
      });
      continue;
    }
    const input = Object.fromEntries(
      columnIndex.map(([column, i]) => [FIELD_OF_COLUMN[column], csvCellText(record[i]!)]),
    );
    const parsed = ProspectFieldsSchema.safeParse(input);
    if (!parsed.success) {
      result.refused.push({ line, reason: parsed.error.issues[0]?.message ?? "Invalid row" });
      continue;
    }
    const type = typeOf.get(parsed.data.businessType.toLowerCase());
    if (!type) {
      result.refused.push({
        line,
        reason: `Unknown business type '${parsed.data.businessType}'. Use one of: ${types.map((t) => t.id).join(", ")}`,
      });
      continue;
    }
    const row = { ...parsed.data, businessType: type, line };
    const key = duplicateKey(row);
    const first = firstLineOf.get(key);
    if (first !== undefined) {
      result.refused.push({ line, reason: `The same business as line ${first}` });
      continue;
    }
    firstLineOf.set(key, line);
    result.rows.push(row);
  }
  return result;
}

/**
 * Writes the good rows of a checked file for the customer, all in one transaction, after refusing the ones they
 * already have (same name and phone). Nothing is written when no row is good.
 */
export async function importProspects(db: Database, userId: string, parsed: ParsedImport) {
  const refused = [...parsed.refused];
  const names = [...new Set(parsed.rows.map((r) => r.businessName.toLowerCase()))];
  const existing = new Set<string>();
  for (let i = 0; i < names.length; i += 500) {
    const found = await db
      .select({ businessName: prospects.businessName, phone: prospects.phone })
      .from(prospects)
      .where(
        and(
          eq(prospects.userId, userId),
          inArray(sql`lower(${prospects.businessName})`, names.slice(i, i + 500)),
        ),
      );
    for (const p of found) existing.add(duplicateKey(p));
  }
  const fresh = parsed.rows.filter((r) => {
    if (!existing.has(duplicateKey(r))) return true;
    refused.push({ line: r.line, reason: "Already in your prospects" });
    return false;
  });
  refused.sort((a, b) => a.line - b.line);
  if (fresh.length) {
    await db.transaction(async (tx) => {
      const held = await lockProspectCount(tx, userId);
      if (held + fresh.length > PROSPECT_QUOTAS.prospects)
        throw new ProspectImportError(
          `${PROSPECTS_FULL} You have ${held.toLocaleString("en-GB")} and this file would add ${fresh.length.toLocaleString("en-GB")}.`,
          409,
        );
      for (let i = 0; i < fresh.length; i += 500) {
        await tx.insert(prospects).values(
          fresh.slice(i, i + 500).map(({ line: _line, ...r }) => ({
            userId,
            businessName: r.businessName,
            contactName: r.contactName ?? null,
            phone: r.phone ?? null,
            email: r.email ?? null,
            address: r.address ?? null,
            businessType: r.businessType,
          })),
        );
      }
    });
  }
  return {
    imported: fresh.length,
    refusedCount: refused.length,
    refused: refused.slice(0, REPORTED_REFUSALS),
    ignoredColumns: parsed.ignoredColumns,
  };
}
export type ImportReport = Awaited<ReturnType<typeof importProspects>>;
