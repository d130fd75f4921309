// Emoji in the brand kit's pictures. The server has no colour emoji font, so each emoji is drawn as its Twemoji
// image (CC-BY 4.0, credited in docs/product.md) in a line laid out as runs: the text between emoji is measured
// by the same renderer, and every run and image is placed at its own x.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { escapeHtml } from "~/utils/html";
import { textWidths } from "../platform/images.server";

const require = createRequire(import.meta.url);
const TWEMOJI = path.dirname(require.resolve("@twemoji/svg/package.json"));
/** A grapheme is drawn as an emoji when it asks for emoji presentation; "©" or "☺" alone stay text. */
const EMOJI = /\p{Emoji_Presentation}|\uFE0F|\u20E3/u;
/** An emoji's advance in em, as fitText counts it: the image is 1 em square with a little room on each side. */
const EMOJI_ADVANCE = 1.1;
const CACHE_LIMIT = 256;
const images = new Map<string, string | null>();

const graphemes = (text: string) =>
  [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text)].map((s) => s.segment);

/** Twemoji names a file by its code points in hex, with FE0F kept only where that file exists. */
async function twemoji(emoji: string) {
  const codes = [...emoji].map((c) => c.codePointAt(0)!.toString(16));
  for (const name of new Set([codes.join("-"), codes.filter((c) => c !== "fe0f").join("-")])) {
    try {
      return await readFile(path.join(TWEMOJI, `${name}.svg`));
    } catch {
      // No such emoji (or a name too long to be one): try the next spelling, then draw it as text.
    }
  }
  return null;
}

/** The emoji's image as a data URI, or null when Twemoji has none. Kept in a bounded map. */
async function emojiImage(grapheme: string) {
  if (!EMOJI.test(grapheme) || grapheme.length > 32) return null;
  if (images.has(grapheme)) return images.get(grapheme)!;
  const svg = await twemoji(grapheme);
  const uri = svg ? `data:image/svg+xml;base64,${svg.toString("base64")}` : null;
  if (images.size >= CACHE_LIMIT) images.clear();
  images.set(grapheme, uri);
  return uri;
}

/** The CSS font stack as a Pango font description, with its weight and size; the final comma ends the families. */
const pangoFont = (stack: string, weight: number, size: number) =>
  `${stack.replaceAll('"', "")}, ${weight >= 700 ? "Bold " : ""}${size}`;

/** Coordinates to the hundredth of a pixel: enough, and a shorter document. */
const r = (n: number) => Math.round(n * 100) / 100;

interface LineStyle {
  x: number;
  y: number;
  size: number;
  weight: number;
  fill: string;
  /** The CSS font stack the SVG's text uses. */
  font: string;
}

/**
 * A left-to-right line centred on x, with its emoji as Twemoji images, or null when it has none to draw (the
 * caller then draws it as plain text).
 */
export async function emojiLine(line: string, at: LineStyle) {
  const parts: (string | { image: string })[] = [""];
  let drawn = false;
  for (const g of graphemes(line)) {
    const image = await emojiImage(g);
    if (image) {
      parts.push({ image }, "");
      drawn = true;
    } else parts[parts.length - 1] += g;
  }
  if (!drawn) return null;
  const runs = parts.filter((p): p is string => typeof p === "string" && p !== "");
  const widths = await textWidths(runs.map(escapeHtml), pangoFont(at.font, at.weight, at.size)).catch(
    () => null,
  );
  if (!widths) return null;
  const width = new Map(runs.map((run, i) => [run, widths[i]!]));
  const advance = at.size * EMOJI_ADVANCE;
  const total = parts.reduce<number>(
    (sum, p) => sum + (typeof p === "string" ? (width.get(p) ?? 0) : advance),
    0,
  );
  let x = at.x - total / 2;
  let svg = "";
  for (const part of parts) {
    if (typeof part !== "string") {
      const top = at.y - at.size * 0.85;
      svg += `<image x="${r(x + (advance - at.size) / 2)}" y="${r(top)}" width="${at.size}" height="${at.size}" href="${part.image}"/>`;
      x += advance;
    } else if (part) {
      svg += `<text x="${r(x)}" y="${at.y}" font-size="${at.size}" font-weight="${at.weight}" fill="${at.fill}" xml:space="preserve">${escapeHtml(part)}</text>`;
      x += width.get(part) ?? 0;
    }
  }
  return svg;
}
