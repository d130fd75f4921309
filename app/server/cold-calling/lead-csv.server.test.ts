import { describe, expect, it } from "vitest";
import { toCsv } from "~/utils/csv";
import { LEAD_CSV_MESSAGES, MAX_LEAD_ROWS, parseLeadCsv } from "./lead-csv.server";

const bytes = (text: string) => new TextEncoder().encode(text);
const refusal = (input: Uint8Array) => {
  const r = parseLeadCsv(input);
  return r.ok ? null : r.message;
};

describe("parseLeadCsv", () => {
  it("reads the columns in any order and any case, and drops a UTF-8 byte order mark", () => {
    const r = parseLeadCsv(
      bytes("\uFEFFPhone,Business Name,Email\r\n01632 960 001,Olive Kitchen,a@example.com\r\n"),
    );
    expect(r).toEqual({
      ok: true,
      file: {
        rows: [
          {
            line: 2,
            lead: {
              business_name: "Olive Kitchen",
              contact_name: null,
              phone: "01632960001",
              email: "a@example.com",
              address: null,
            },
          },
        ],
        refused: [],
        duplicatesInFile: [],
      },
    });
  });

  it("refuses a file whose header is missing, wrong or repeated, naming what is wrong", () => {
    expect(refusal(bytes("Olive Kitchen,01632960001\n"))).toMatch(/missing business_name, phone/);
    expect(refusal(bytes("business_name,phone,notes\nA,01632960001,x\n"))).toMatch(/unknown 'notes'/);
    expect(refusal(bytes("business_name,phone,phone\nA,1,2\n"))).toMatch(/repeated phone/);
    expect(refusal(bytes("business_name,phone\n"))).toMatch(/no rows/);
  });

  it("refuses text that is not UTF-8 (Latin-1, UTF-16) and empty files", () => {
    expect(refusal(Uint8Array.from([0x62, 0x2c, 0x70, 0x0a, 0x43, 0x61, 0x66, 0xe9, 0x0a]))).toBe(
      LEAD_CSV_MESSAGES.encoding,
    );
    const utf16 = new Uint8Array([
      0xff,
      0xfe,
      ...[..."business_name,phone\n"].flatMap((c) => [c.charCodeAt(0), 0]),
    ]);
    expect(refusal(utf16)).toBe(LEAD_CSV_MESSAGES.encoding);
    expect(refusal(new Uint8Array())).toBe(LEAD_CSV_MESSAGES.empty);
  });

  it("refuses a file over 1 MB or over 5,000 rows before validating any row", () => {
    expect(refusal(new Uint8Array(1_000_001).fill(0x61))).toBe(LEAD_CSV_MESSAGES.tooLarge);
    const rows = Array.from(
      { length: MAX_LEAD_ROWS + 1 },
      (_, i) => `B${i},0163296${String(i).padStart(4, "0")}`,
    );
    expect(refusal(bytes(`business_name,phone\n${rows.join("\n")}\n`))).toBe(LEAD_CSV_MESSAGES.tooManyRows);
  });

  it("refuses a broken quote with the line it is near", () => {
    expect(refusal(bytes('business_name,phone\n"Olive,01632960001\n'))).toMatch(/could not be read as CSV/);
  });

  it("refuses bad rows with their line and reason, and reports rows repeated in the file", () => {
    const r = parseLeadCsv(
      bytes(
        [
          "business_name,phone,email",
          "Olive,01632960001,",
          "Long,01632960002,",
          ",01632960003,",
          "Saffron,call me,",
          "Juniper,01632960004,nope",
          "OLIVE,01632 960001,",
          "Too,01632960005,a@example.com,extra",
          `${"x".repeat(121)},01632960006,`,
        ].join("\n"),
      ),
    );
    if (!r.ok) throw new Error(r.message);
    expect(r.file.rows.map((row) => row.line)).toEqual([2, 3]);
    expect(r.file.refused).toEqual([
      { line: 4, reason: "business_name is empty" },
      { line: 5, reason: "phone is not a phone number" },
      { line: 6, reason: "email is not an e-mail address" },
      { line: 8, reason: expect.stringMatching(/4 cells and the header 3/) },
      { line: 9, reason: "business_name is longer than 120 characters" },
    ]);
    expect(r.file.duplicatesInFile).toEqual([{ line: 7, firstLine: 2, businessName: "OLIVE" }]);
  });

  it("keeps formula-looking cells as typed; a CSV export neutralises them", () => {
    const r = parseLeadCsv(
      bytes('business_name,contact_name,phone\n=HYPERLINK("http://x"),@SUM(1),01632960001\n'),
    );
    if (!r.ok) throw new Error(r.message);
    const lead = r.file.rows[0]!.lead;
    expect(lead.business_name).toBe('=HYPERLINK("http://x")');
    expect(lead.contact_name).toBe("@SUM(1)");
    expect(toCsv(["business", "contact"], [[lead.business_name, lead.contact_name]])).toBe(
      `\uFEFF"business","contact"\r\n"'=HYPERLINK(""http://x"")","'@SUM(1)"\r\n`,
    );
  });
});
