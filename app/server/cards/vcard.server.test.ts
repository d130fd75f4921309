import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { buildVCard, vCardDisposition, vCardFileName } from "./vcard.server";

describe("buildVCard", () => {
  it("round-trips through a vCard parser with escaping and folding", () => {
    const note = "Line one, with comma; and semicolon\nLine two \\ backslash — and a long tail ".repeat(3);
    const text = buildVCard({
      name: "Zoë Álvarez-Smith",
      organisation: "Smith, Jones; Partners",
      title: "Director, Sales; EMEA",
      email: "zoe@example.com",
      phone: "+44 7700 900123",
      url: "https://tap.example/zoe",
      note,
      photo: { type: "JPEG", base64: "A".repeat(300) },
    });
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const card = new ICAL.Component(ICAL.parse(text));
    expect(card.getFirstPropertyValue("fn")).toBe("Zoë Álvarez-Smith");
    expect(card.getFirstPropertyValue("note")).toBe(note.trim());
    expect(card.getFirstPropertyValue("org")).toBe("Smith, Jones; Partners");
    expect(card.getFirstPropertyValue("title")).toBe("Director, Sales; EMEA");
    expect(card.getFirstPropertyValue("email")).toBe("zoe@example.com");
    expect(card.getFirstPropertyValue("tel")).toBe("+44 7700 900123");
    expect(card.getFirstPropertyValue("url")).toBe("https://tap.example/zoe");
    expect(String(card.getFirstPropertyValue("photo")).replace(/\s/g, "")).toBe("A".repeat(300));
  });

  it("carries every phone, e-mail and labelled web link it is given, each once per line", () => {
    const text = buildVCard({
      name: "Sam Owner",
      phone: "+44 20 7946 0000",
      phones: ["+447700900341"],
      emails: ["sam@owner.example", "desk@owner.example"],
      url: "https://tap.example/sam",
      links: [
        { label: "Website", url: "https://sam.example.com/" },
        { label: "Instagram", url: "https://instagram.com/sam.owner" },
      ],
    });
    const card = new ICAL.Component(ICAL.parse(text));
    const all = (name: string) => card.getAllProperties(name).map((p) => String(p.getFirstValue()));
    expect(all("tel")).toEqual(["+44 20 7946 0000", "+447700900341"]);
    expect(all("email")).toEqual(["sam@owner.example", "desk@owner.example"]);
    expect(all("url")).toEqual([
      "https://tap.example/sam",
      "https://sam.example.com/",
      "https://instagram.com/sam.owner",
    ]);
    expect(text).toContain("item2.URL:https://instagram.com/sam.owner\r\nitem2.X-ABLabel:Instagram");

    // A title or an address with a line break in it never adds a property of its own.
    const hostile = buildVCard({
      name: "Eve",
      phones: ["+44\r\nX-INJECTED:1"],
      emails: ["eve@example.com\r\nX-INJECTED:2"],
      links: [{ label: "Site\r\nX-INJECTED:3", url: "https://eve.example/\r\nX-INJECTED:4" }],
    });
    expect(hostile.split("\r\n").filter((l) => l.startsWith("X-INJECTED"))).toEqual([]);
  });
});

describe("the vCard's file name", () => {
  it("keeps the person's letters, with an ASCII name for clients that read only filename (RFC 6266)", () => {
    expect(vCardFileName("Zoë Ångström")).toBe("Zoë-Ångström.vcf");
    // Typed with combining marks, it is the same name.
    expect(vCardFileName("Zoe\u0308 A\u030angstro\u0308m")).toBe("Zoë-Ångström.vcf");
    expect(vCardDisposition("Zoë Ångström")).toBe(
      `attachment; filename="Zoe-Angstrom.vcf"; filename*=UTF-8''Zo%C3%AB-%C3%85ngstr%C3%B6m.vcf`,
    );
  });

  it("falls back to 'contact' when no letter survives, and never lets a quote or a path through", () => {
    expect(vCardDisposition("李雷")).toBe(
      `attachment; filename="contact.vcf"; filename*=UTF-8''%E6%9D%8E%E9%9B%B7.vcf`,
    );
    expect(vCardDisposition(`"; ../../etc`)).toBe(`attachment; filename="etc.vcf"; filename*=UTF-8''etc.vcf`);
    expect(vCardDisposition("   ")).toBe(`attachment; filename="contact.vcf"; filename*=UTF-8''contact.vcf`);
  });
});
