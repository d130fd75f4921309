import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("csvCell", () => {
  it("neutralises text that a spreadsheet would run as a formula", () => {
    expect(csvCell('=HYPERLINK("http://evil.example")')).toBe('"\'=HYPERLINK(""http://evil.example"")"');
    expect(csvCell("+44 7700 900000")).toBe("'+44 7700 900000");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\t=1")).toBe("'\t=1");
  });

  it("leaves ordinary text and our own numbers as they are", () => {
    expect(csvCell("Dana B.")).toBe("Dana B.");
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(10.5)).toBe("10.5");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });

  it("quotes commas, quotes and line breaks", () => {
    expect(csvCell("Smith, Jo")).toBe('"Smith, Jo"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
  });
});

describe("toCsv", () => {
  it("writes a header and rows with CRLF line endings", () => {
    expect(
      toCsv(
        ["Name", "Amount"],
        [
          ["Ann", 10],
          ["=cmd", 5],
        ],
      ),
    ).toBe("Name,Amount\r\nAnn,10\r\n'=cmd,5\r\n");
  });
});
