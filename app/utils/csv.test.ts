import { describe, expect, it } from "vitest";
import { csvCell, csvCellText, toCsv } from "./csv";

describe("csvCell", () => {
  it("quotes every text cell, so no separator of any locale splits it", () => {
    expect(csvCell("Dana B.")).toBe('"Dana B."');
    expect(csvCell("a=b")).toBe('"a=b"');
    expect(csvCell("Bob;=1+1")).toBe('"Bob;=1+1"');
    expect(csvCell("Smith, Jo")).toBe('"Smith, Jo"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("")).toBe('""');
  });

  it("keeps a leading apostrophe on text a spreadsheet would run as a formula, quoting or not", () => {
    expect(csvCell('=HYPERLINK("http://evil.example")')).toBe('"\'=HYPERLINK(""http://evil.example"")"');
    expect(csvCell("=1+1")).toBe(`"'=1+1"`);
    expect(csvCell("+1+cmd|' /C calc'!A0")).toBe(`"'+1+cmd|' /C calc'!A0"`);
    expect(csvCell("-2+3")).toBe(`"'-2+3"`);
    expect(csvCell("@SUM(A1)")).toBe(`"'@SUM(A1)"`);
    expect(csvCell("\t=1")).toBe(`"'\t=1"`);
    expect(csvCell("\r=1")).toBe(`"'\r=1"`);
    expect(csvCell("+")).toBe(`"'+"`);
  });

  it("writes a phone number as it is, quoted, without the apostrophe", () => {
    expect(csvCell("+44 20 7946 0000")).toBe('"+44 20 7946 0000"');
    expect(csvCell("+44 (0)20 7946-0000")).toBe('"+44 (0)20 7946-0000"');
    expect(csvCell("+1.555.010.0000")).toBe('"+1.555.010.0000"');
    // A '+' inside, letters, or a cell starting with '-' is no phone number.
    expect(csvCell("+44+1")).toBe(`"'+44+1"`);
    expect(csvCell("+44 20 7946 0000 ext")).toBe(`"'+44 20 7946 0000 ext"`);
    expect(csvCell("-44 20 7946 0000")).toBe(`"'-44 20 7946 0000"`);
  });

  it("writes our own numbers bare, and nothing for no value", () => {
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(10.5)).toBe("10.5");
    expect(csvCell(Number.NaN)).toBe("");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });
});

describe("toCsv", () => {
  it("starts with a UTF-8 byte-order mark, so a spreadsheet reads 'Zoë', and ends lines with CRLF", () => {
    const csv = toCsv(
      ["Name", "Amount"],
      [
        ["Zoë", 10],
        ["=cmd", 5],
      ],
    );
    expect(csv).toBe('\uFEFF"Name","Amount"\r\n"Zoë",10\r\n"\'=cmd",5\r\n');
    expect([...new TextEncoder().encode(csv).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});

describe("csvCellText", () => {
  it("drops the apostrophe the export added, so an exported file imports back unchanged", () => {
    expect(csvCellText("'=1+1")).toBe("=1+1");
    expect(csvCellText("'+44 20 7946 0000")).toBe("+44 20 7946 0000");
    expect(csvCellText("+44 20 7946 0000")).toBe("+44 20 7946 0000");
    expect(csvCellText("O'Brien")).toBe("O'Brien");
  });
});
