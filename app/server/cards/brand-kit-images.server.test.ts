// The brand kit's drawings before any pixel: text fitted to its column (smaller, wrapped, or cut with an
// ellipsis, never half an emoji), every text escaped for XML, right-to-left lines marked as such.
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { DEFAULT_DESIGN } from "~/utils/card-design/options";
import { backgroundSvg, fitText, qrModules, qrSvg } from "./brand-kit-images.server";

const person = (name: string) => ({ name, jobTitle: "Founder", businessName: null, design: DEFAULT_DESIGN });

describe("brand kit drawings", () => {
  it("keeps a short name large, wraps a longer one, and cuts what still does not fit", () => {
    expect(fitText("Ann Lee", 480, 60, 30, 2)).toEqual({ size: 60, lines: ["Ann Lee"] });
    const long = fitText("Maximiliana Wolfeschlegelsteinhausenbergerdorff de la Cruz", 480, 60, 30, 2);
    expect(long.lines.length).toBeLessThanOrEqual(2);
    expect(long.size).toBeLessThan(60);
    const cut = fitText("W".repeat(100), 480, 60, 30, 2);
    expect(cut).toMatchObject({ size: 30 });
    expect(cut.lines).toHaveLength(2);
    expect(cut.lines[1]!.endsWith("…")).toBe(true);
    expect(fitText("", 480, 60, 30, 2).lines).toEqual([]);
  });

  it("never cuts an emoji in half", () => {
    const family = "👩🏽‍💻";
    const { lines } = fitText(family.repeat(60), 200, 40, 20, 1);
    const kept = lines[0]!.slice(0, -1);
    expect(kept.length % family.length).toBe(0);
    expect(kept).toBe(family.repeat(kept.length / family.length));
  });

  it("escapes every text and marks right-to-left lines", async () => {
    const svg = await backgroundSvg(
      person(`<script>alert("x")</script> & \u0007`),
      "http://shop.test/a?s=qr",
      "shop.test/a",
    );
    expect(svg).not.toContain("<script");
    expect(svg).toContain("&lt;script&gt;");
    expect(svg).not.toContain("\u0007");
    const hebrew = await backgroundSvg(person("דוד לוי"), "http://shop.test/a?s=qr", "shop.test/a");
    expect(hebrew).toMatch(/direction="rtl" unicode-bidi="embed">דוד לוי</);
    expect(await backgroundSvg(person("Ann"), "http://shop.test/a?s=qr", "x")).not.toContain(
      'direction="rtl"',
    );
  });

  it("draws the QR code at error correction H inside a four-module quiet zone", async () => {
    const text = "http://shop.test/alice?s=qr";
    const { size } = qrModules(text);
    expect(size).toBe(QRCode.create(text, { errorCorrectionLevel: "H" }).modules.size + 8);
    expect(await qrSvg(text, "#1e3a8a")).toContain(`viewBox="0 0 ${size} ${size}"`);
  });
});
