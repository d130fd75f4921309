import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { buildVCard, escapeText, foldLine, vCardFileName } from "./vcard.server";

function parse(text: string) {
  const card = new ICAL.Component(ICAL.parse(text));
  const value = (name: string) => card.getFirstPropertyValue(name);
  return { card, value };
}

describe("buildVCard", () => {
  it("produces a vCard that a parser reads back field by field", () => {
    const text = buildVCard({
      name: "Jane Q. Smith",
      organisation: "Smith, Jones & Co; Ltd",
      title: "Director",
      email: "jane@example.com",
      phone: "+44 7700 900123",
      url: "https://shop.example/jane?src=nfc&x=1,2",
      bio: "Line one\nLine two; with, punctuation \\ and a backslash",
    });
    const { card, value } = parse(text);
    expect(card.name).toBe("vcard");
    expect(value("version")).toBe("3.0");
    expect(value("fn")).toBe("Jane Q. Smith");
    expect(value("n")).toEqual(["Smith", "Jane Q.", "", "", ""]);
    expect(value("org")).toBe("Smith, Jones & Co; Ltd");
    expect(value("title")).toBe("Director");
    expect(value("email")).toBe("jane@example.com");
    expect(value("tel")).toBe("+44 7700 900123");
    expect(value("url")).toBe("https://shop.example/jane?src=nfc&x=1,2");
    // ical.js follows RFC 6350 and leaves "\;" escaped in single TEXT values; vCard 3.0 (RFC 2426) requires
    // the escape, and phones' contact apps remove it.
    expect(String(value("note")).replace(/\\;/g, ";")).toBe(
      "Line one\nLine two; with, punctuation \\ and a backslash",
    );
    expect(text).toContain("NOTE:Line one\\nLine two\\; with\\, punctuation \\\\ and a backslash");
  });

  it("uses CRLF line ends and folds long lines at 75 octets without breaking characters", () => {
    const bio = "Café owner ☕ ".repeat(30);
    const text = buildVCard({ name: "Zoë", bio });
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toContain("\n");
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    expect(parse(text).value("note")).toBe(bio.trim());
  });

  it("shows a company card by its organisation and skips empty fields", () => {
    const text = buildVCard({ name: "TapCard", kind: "organisation", email: "", phone: null });
    const { value } = parse(text);
    expect(value("org")).toBe("TapCard");
    expect(text).toContain("X-ABShowAs:COMPANY");
    expect(text).not.toContain("EMAIL");
    expect(text).not.toContain("TEL");
  });

  it("cannot be broken out of by line breaks in a value", () => {
    const text = buildVCard({
      name: "Eve\r\nEND:VCARD",
      email: "a@b.c\nTEL:1",
      url: "https://x.test/\nNOTE:x",
    });
    expect(text.match(/^END:VCARD/gm)).toHaveLength(1);
    expect(text).not.toMatch(/^TEL:1/m);
    expect(text).not.toMatch(/^NOTE:x/m);
  });
});

describe("helpers", () => {
  it("escapes text values", () => {
    expect(escapeText("a,b;c\\d\ne")).toBe("a\\,b\\;c\\\\d\\ne");
  });

  it("leaves short lines alone", () => {
    expect(foldLine("FN:Jane")).toBe("FN:Jane");
  });

  it("makes safe file names", () => {
    expect(vCardFileName("Zoë's Café & Bar")).toBe("zoes-cafe-bar.vcf");
    expect(vCardFileName("!!!")).toBe("contact.vcf");
  });
});

describe("buildVCard for card pages", () => {
  it("round-trips through a vCard parser with escaping, folding and an embedded photo", () => {
    const note = "Line one, with comma; and semicolon\nLine two \\ backslash — and a long tail ".repeat(3);
    const text = buildVCard({
      name: "Zoë Álvarez-Smith",
      organisation: "Smith, Jones; Partners",
      email: "zoe@example.com",
      phone: "+44 7700 900123",
      url: "https://tap.example/zoe",
      note,
      photo: { type: "JPEG", base64: "A".repeat(300) },
    });
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const card = new ICAL.Component(ICAL.parse(text));
    expect(card.getFirstPropertyValue("fn")).toBe("Zoë Álvarez-Smith");
    // vCard 3.0 escapes ';' in every text value; ical.js (RFC 6350) leaves it escaped in single values.
    expect(String(card.getFirstPropertyValue("note")).replace(/\\;/g, ";")).toBe(note.trim());
    expect(card.getFirstPropertyValue("org")).toBe("Smith, Jones; Partners");
    expect(card.getFirstPropertyValue("email")).toBe("zoe@example.com");
    expect(card.getFirstPropertyValue("tel")).toBe("+44 7700 900123");
    expect(card.getFirstPropertyValue("url")).toBe("https://tap.example/zoe");
    expect(String(card.getFirstPropertyValue("photo")).replace(/\s/g, "")).toBe("A".repeat(300));
  });
});
