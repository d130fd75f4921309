// Emoji in the video-call background: each drawn as its Twemoji image where it stands in the line (a ZWJ sequence
// as one image), in colour once rasterised, with the QR code still readable; an emoji Twemoji lacks stays text.
import jsQR from "jsqr";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { DEFAULT_DESIGN } from "~/utils/card-design/options";
import { BACKGROUND, backgroundImage, backgroundSvg } from "./brand-kit-images.server";

const QR = "http://shop.test/zoe?s=qr";
const draw = (name: string, jobTitle: string | null) =>
  backgroundSvg({ name, jobTitle, businessName: null, design: DEFAULT_DESIGN }, QR, "shop.test/zoe");
const images = (svg: string) =>
  [
    ...svg.matchAll(
      /<image x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="[\d.]+" href="data:image\/svg\+xml;base64,([^"]+)"/g,
    ),
  ].map((m) => ({
    x: Number(m[1]),
    y: Number(m[2]),
    size: Number(m[3]),
    svg: Buffer.from(m[4]!, "base64").toString(),
  }));
const texts = (svg: string) =>
  [...svg.matchAll(/<text x="([\d.]+)"[^>]*>([^<]*)<\/text>/g)].map((m) => ({ x: Number(m[1]), text: m[2] }));

describe("emoji in the brand kit's background", () => {
  it("draws each emoji as one Twemoji image between the text runs", async () => {
    const svg = await draw("Zoë 🎉 Smith", "Chef 👩‍🍳");
    const drawn = images(svg);
    expect(drawn).toHaveLength(2);
    // Twemoji's party popper is red; the cook is one image (woman, ZWJ, cooking), not three.
    expect(drawn[0]!.svg).toContain("#DD2E44");
    expect(drawn[1]!.svg).not.toBe(drawn[0]!.svg);
    const runs = texts(svg);
    const zoe = runs.find((r) => r.text === "Zoë ")!;
    // Wrapped after the emoji (the name is long at 60 px): "Smith" is the next line, centred on its own.
    expect(runs.map((r) => r.text)).toEqual(["Zoë ", "Smith", "Chef ", "shop.test/zoe"]);
    expect(zoe.x).toBeLessThan(drawn[0]!.x);
    expect(runs.find((r) => r.text === "Chef ")!.x).toBeLessThan(drawn[1]!.x);
    expect(svg).not.toContain("🎉");
    expect(svg).not.toContain("👩");
  });

  it("rasterises the emoji in colour, keeps the picture's size and the QR code readable", async () => {
    const svg = await draw("Zoë 🎉 Smith", "Chef 👩‍🍳");
    const png = await backgroundImage(svg, "png");
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect({ width: info.width, height: info.height }).toEqual(BACKGROUND);
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(QR);
    const box = images(svg)[0]!;
    let saturated = 0;
    for (let y = Math.ceil(box.y); y < box.y + box.size; y++)
      for (let x = Math.ceil(box.x); x < box.x + box.size; x++) {
        const i = (y * info.width + x) * 4;
        const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
        if (Math.max(r, g, b) - Math.min(r, g, b) > 120) saturated++;
      }
    expect(saturated).toBeGreaterThan(box.size * 2);
  });

  it("draws an emoji Twemoji lacks as text, and leaves right-to-left lines to the text renderer", async () => {
    // A lone regional indicator has its letter in Twemoji; U+1FC00 is pictographic but unassigned.
    const svg = await draw("Zoë 🇿 \u{1FC00} Smith", "שף 🎉");
    expect(images(svg)).toHaveLength(1);
    expect(svg).toContain("\u{1FC00}");
    expect(svg).toMatch(/direction="rtl" unicode-bidi="embed">שף 🎉</);
    expect(await backgroundImage(svg, "jpg")).toBeInstanceOf(Buffer);
    expect(images(await draw("Ann ❤️ & <b>", null))[0]!.svg).toContain("<svg");
    expect(await draw("Ann ❤️ & <b>", null)).toContain("&amp; &lt;b&gt;</text>");
  });
});
