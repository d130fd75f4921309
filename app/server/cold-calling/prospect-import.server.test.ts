import { describe, expect, it } from "vitest";
import { toCsv } from "~/utils/csv";
import {
  type ParsedImport,
  PROSPECT_IMPORT_MAX_ROWS,
  ProspectImportError,
  parseProspectCsv,
} from "./prospect-import.server";

const TYPES = [
  { id: "restaurant", label: "Restaurants" },
  { id: "salon", label: "Hair Salons" },
];
const HEADER = "business_name,contact_name,phone,email,address,business_type";
const bytes = (text: string) => new TextEncoder().encode(text);
const parse = (text: string | Uint8Array) =>
  parseProspectCsv(typeof text === "string" ? bytes(text) : text, TYPES);

function refusal(run: () => ParsedImport) {
  try {
    run();
  } catch (error) {
    if (error instanceof ProspectImportError) return { message: error.message, status: error.status };
    throw error;
  }
  throw new Error("The file was accepted");
}

describe("reading a prospects CSV file", () => {
  it("takes good rows, names types by id or label, and refuses bad rows with their line and reason", () => {
    const result = parse(
      [
        HEADER,
        "Luigi's,Luigi,020 7946 0000,luigi@example.com,1 High St,restaurant",
        "Snips,,+44 20 7946 0001,,,Hair Salons",
        ",Nobody,020 7946 0002,,,restaurant",
        "Bad Mail,,020 7946 0003,not-an-address,,restaurant",
        "Bakery,,020 7946 0004,,,bakery",
        "Short,row",
        "luigi's,Someone,020-7946-0000,,,restaurant",
      ].join("\n"),
    );
    expect(result.rows.map((r) => [r.line, r.businessName, r.businessType])).toEqual([
      [2, "Luigi's", "restaurant"],
      [3, "Snips", "salon"],
    ]);
    expect(result.rows[1]).toMatchObject({
      contactName: undefined,
      email: undefined,
      phone: "+44 20 7946 0001",
    });
    expect(result.refused).toEqual([
      { line: 4, reason: "Enter the business name" },
      { line: 5, reason: "Enter a valid e-mail address" },
      { line: 6, reason: "Unknown business type 'bakery'. Use one of: restaurant, salon" },
      { line: 7, reason: "Expected 6 columns, found 2" },
      { line: 8, reason: "The same business as line 2" },
    ]);
  });

  it("refuses a file whose header lacks a column, naming what is missing", () => {
    expect(refusal(() => parse("name,phone\nLuigi's,020 7946 0000\n"))).toEqual({
      status: 400,
      message:
        "The first row must name the columns business_name, contact_name, phone, email, address, business_type. Missing: business_name, contact_name, email, address, business_type.",
    });
    expect(refusal(() => parse(`${HEADER},phone\nA,B,1,c,d,restaurant,2\n`)).message).toBe(
      "The column phone appears more than once in the first row.",
    );
  });

  it("accepts columns in any order and ignores extra ones, such as those of its own export", () => {
    const result = parse(
      "business_type,Business_Name,phone,contact_name,email,address,status\r\nrestaurant,Luigi's,020 7946 0000,,,,sale_made\r\n",
    );
    expect(result.rows).toMatchObject([{ businessName: "Luigi's", businessType: "restaurant" }]);
    expect(result.ignoredColumns).toEqual(["status"]);
  });

  it("reads a UTF-8 file with Excel's byte-order mark, UTF-16 and Windows-1252 text", () => {
    const row = "Café Crème,Zoë,020 7946 0000,,,restaurant";
    const utf8Bom = new Uint8Array([0xef, 0xbb, 0xbf, ...bytes(`${HEADER}\n${row}\n`)]);
    expect(parse(utf8Bom).rows[0]).toMatchObject({ businessName: "Café Crème", contactName: "Zoë" });

    const text = `${HEADER}\n${row}\n`;
    const utf16 = new Uint8Array(2 + text.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) utf16[2 + i * 2] = text.charCodeAt(i);
    expect(parse(utf16).rows[0]).toMatchObject({ businessName: "Café Crème" });

    // é is 0xe9 in Windows-1252, which is not valid UTF-8 on its own.
    const latin = Uint8Array.from(`${HEADER}\nCafé,,020 7946 0000,,,restaurant\n`, (c) => c.charCodeAt(0));
    expect(parse(latin).rows[0]).toMatchObject({ businessName: "Café" });
  });

  it("refuses a file that is not text, not CSV or empty", () => {
    expect(refusal(() => parse(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).message).toBe(
      "The file is not a CSV text file",
    );
    expect(refusal(() => parse(`${HEADER}\n"Luigi's,unclosed\n`)).message).toMatch(
      /^The file is not valid CSV \(near line \d+\)\. Save it as CSV and try again\.$/,
    );
    expect(refusal(() => parse("")).message).toBe("The file is empty");
  });

  it("refuses a file over 1 MB or over the row limit before looking at its rows", () => {
    const huge = `${HEADER}\n${"A,,020 7946 0000,,,restaurant\n".repeat(40_000)}`;
    expect(refusal(() => parse(huge))).toEqual({
      status: 413,
      message: "The file is larger than 1 MB. Split it into smaller files.",
    });
    const rows = Array.from(
      { length: PROSPECT_IMPORT_MAX_ROWS + 1 },
      (_, i) => `B${i},,020 7946 ${i},,,salon`,
    );
    expect(refusal(() => parse(`${HEADER}\n${rows.join("\n")}\n`))).toEqual({
      status: 413,
      message: "The file has more than 2,000 rows. Split it into smaller files.",
    });
    expect(parse(`${HEADER}\n${rows.slice(1).join("\n")}\n`).rows).toHaveLength(PROSPECT_IMPORT_MAX_ROWS);
  });

  it("caps every cell before checking it", () => {
    const result = parse(`${HEADER}\n${"x".repeat(5000)},,020 7946 0000,,,restaurant\n`);
    expect(result.refused).toEqual([{ line: 2, reason: "Business name must be at most 200 characters" }]);
    const phone = parse(`${HEADER}\nA,${"y".repeat(5000)},${"1".repeat(5000)},,,restaurant\n`);
    expect(phone.refused).toEqual([{ line: 2, reason: "Contact name must be at most 200 characters" }]);
  });

  it("keeps a cell that looks like a formula as text, and the export neutralises it", () => {
    const result = parse(
      `${HEADER}\n"=HYPERLINK(""http://evil.example"")",@boss,+44 20 7946 0000,,,restaurant\n`,
    );
    const [row] = result.rows;
    expect(row).toMatchObject({ businessName: '=HYPERLINK("http://evil.example")', contactName: "@boss" });
    expect(
      toCsv(["business_name", "contact_name", "phone"], [[row!.businessName, row!.contactName, row!.phone]]),
    ).toBe(
      '\uFEFF"business_name","contact_name","phone"\r\n"\'=HYPERLINK(""http://evil.example"")","\'@boss","+44 20 7946 0000"\r\n',
    );
  });
});
