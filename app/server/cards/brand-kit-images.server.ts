// The brand kit's pictures, drawn as SVG and rasterised by the image module: the video-call background (1920 x 1080)
// and the QR code for print, with the card's logo in its middle when it has one. Text is measured roughly and set
// smaller or wrapped so that it never leaves the picture; emoji are drawn as images (emoji-text.server.ts).
import QRCode from "qrcode";
import { designFromStored } from "~/schemas/card-design";
import { paletteOf } from "~/utils/card-design/design";
import { FONTS } from "~/utils/card-design/options";
import { escapeHtml } from "~/utils/html";
import { DESIGN_IMAGES, drawPng, pngToJpeg, squarePng } from "../platform/images.server";
import { emojiLine } from "./emoji-text.server";

export const BACKGROUND = { width: 1920, height: 1080 } as const;
const PRINT_QR_PIXELS = 2048;
/** The SVG's nominal size; it is drawn crisp at any. */
const PRINT_SVG_PIXELS = 1024;
/** The quiet zone the QR standard asks for around the code, in modules. */
const QUIET = 4;
/** The most of the code's width a logo's plate may take. */
const LOGO_SHARE = 0.2;
/** The plate's white around the logo, in modules. */
const LOGO_MARGIN = 0.5;

export interface BrandKitPerson {
  name: string;
  jobTitle: string | null;
  businessName: string | null;
  design: unknown;
}

/** The code's dark modules as one path in module units, inside its quiet zone; "H" still scans with a logo on it. */
export function qrModules(text: string) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "H" });
  const n = modules.size;
  let path = "";
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && modules.get(row, col)) col++;
      path += `M${start + QUIET} ${row + QUIET}h${col - start}v1h${start - col}z`;
    }
  }
  return { path, size: n + 2 * QUIET };
}

/**
 * The logo's place in the middle of a code of `size` modules (quiet zone included): a white rounded plate of an
 * odd number of modules, so that it covers whole ones, at most a fifth of the code's width (level H recovers 30%
 * of it), and the logo inside it half a module from its edges.
 */
function logoPlate(size: number) {
  const modules = size - 2 * QUIET;
  const side = 2 * Math.floor((modules * LOGO_SHARE - 1) / 2) + 1;
  const at = QUIET + (modules - side) / 2;
  return {
    svg: `<rect x="${at}" y="${at}" width="${side}" height="${side}" rx="${side / 5}" fill="#ffffff" shape-rendering="geometricPrecision"/>`,
    logo: { at: at + LOGO_MARGIN, side: side - 2 * LOGO_MARGIN },
  };
}

const qrDocument = (qr: { path: string; size: number }, colour: string, pixels: number, over = "") =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${pixels}" height="${pixels}" viewBox="0 0 ${qr.size} ${qr.size}" shape-rendering="crispEdges"><rect width="${qr.size}" height="${qr.size}" fill="#ffffff"/><path d="${qr.path}" fill="${colour}"/>${over}</svg>`;

/**
 * The QR code for print as an SVG document: `colour` on white, crisp at any size. A logo is embedded in the file
 * (xlink:href, which print software reads as well as browsers do), so that it stands alone.
 */
export async function qrSvg(text: string, colour: string, logo: Buffer | null = null) {
  const qr = qrModules(text);
  if (!logo) return qrDocument(qr, colour, PRINT_SVG_PIXELS);
  const plate = logoPlate(qr.size);
  const { at, side } = plate.logo;
  const png = await squarePng(logo, DESIGN_IMAGES.logo.width);
  const image = `<image x="${at}" y="${at}" width="${side}" height="${side}" xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="data:image/png;base64,${png.toString("base64")}"/>`;
  return qrDocument(qr, colour, PRINT_SVG_PIXELS, plate.svg + image);
}

/** The QR code for print as a PNG 2048 px wide; a logo is laid over its plate at full resolution. */
export function qrPng(text: string, colour: string, logo: Buffer | null = null) {
  const qr = qrModules(text);
  if (!logo) return drawPng(qrDocument(qr, colour, PRINT_QR_PIXELS));
  const plate = logoPlate(qr.size);
  const unit = PRINT_QR_PIXELS / qr.size;
  const at = Math.round(plate.logo.at * unit);
  const size = Math.round(plate.logo.side * unit);
  return drawPng(qrDocument(qr, colour, PRINT_QR_PIXELS, plate.svg), [
    { image: logo, left: at, top: at, size, round: false },
  ]);
}

/** The background as PNG, or as JPEG re-encoded from it (smaller, for apps that take no PNG). */
export async function backgroundImage(svg: string, format: "png" | "jpg") {
  const png = await drawPng(svg);
  return format === "png" ? png : pngToJpeg(png, 88);
}

const graphemes = (text: string) =>
  [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text)].map((s) => s.segment);

/** Control characters are not allowed in XML; a stored name from an older version must still draw. */
const drawable = (text: string) =>
  text
    .slice(0, 400)
    .replace(/\p{Cc}/gu, " ")
    .trim();

/**
 * A glyph's advance in em, at least as wide as in the widest fonts a server has (bold DejaVu Sans and Serif), so
 * that a line measured to fit does fit: wide scripts and emoji take more than an em.
 */
function advance(grapheme: string) {
  const code = grapheme.codePointAt(0) ?? 0;
  if (code >= 0x2e80 || /\p{Extended_Pictographic}/u.test(grapheme)) return 1.1;
  if ("WMmw@%".includes(grapheme)) return 1.15;
  if (" .,:;'!|iljft".includes(grapheme)) return 0.45;
  if (/\p{Lu}/u.test(grapheme)) return 0.9;
  return 0.75;
}
const widthEm = (text: string) => graphemes(text).reduce((sum, g) => sum + advance(g), 0);

/** Greedy wrapping by words; a word wider than the line is broken between characters. */
function wrap(text: string, maxEm: number) {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (widthEm(candidate) <= maxEm) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    for (const g of graphemes(word)) {
      if (line && widthEm(line + g) > maxEm) {
        lines.push(line);
        line = "";
      }
      line += g;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The largest size (down to `smallest`) at which the text fits in `maxLines`; past that, the last line is cut. */
export function fitText(text: string, width: number, largest: number, smallest: number, maxLines: number) {
  const clean = drawable(text);
  for (let size = largest; size >= smallest; size -= 2) {
    const lines = wrap(clean, width / size);
    if (lines.length <= maxLines) return { size, lines };
  }
  // Still too long at the smallest size: the last line takes the rest, cut to fit with an ellipsis.
  const maxEm = width / smallest;
  const lines = wrap(clean, maxEm);
  const last = graphemes(lines.slice(maxLines - 1).join(" "));
  while (last.length > 1 && widthEm(`${last.join("")}…`) > maxEm) last.pop();
  return { size: smallest, lines: [...lines.slice(0, maxLines - 1), `${last.join("").trimEnd()}…`] };
}

/** A line whose first letter is Hebrew, Arabic or another right-to-left script reads from the right. */
const RTL = /^[^\p{L}]*[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

/** Each line centred on x; a left-to-right line with emoji draws them as images (emojiLine), any other as text. */
async function textLines(
  lines: string[],
  at: { x: number; y: number; size: number; lineHeight: number; font: string },
  fill: string,
  weight = 400,
) {
  const drawn = lines.map(async (line, i) => {
    const rtl = RTL.test(line);
    const y = at.y + i * at.lineHeight;
    const runs = rtl
      ? null
      : await emojiLine(line, { x: at.x, y, size: at.size, weight, fill, font: at.font });
    if (runs) return runs;
    const dir = rtl ? ' direction="rtl" unicode-bidi="embed"' : "";
    return `<text x="${at.x}" y="${y}" text-anchor="middle" font-size="${at.size}" font-weight="${weight}" fill="${fill}"${dir}>${escapeHtml(line)}</text>`;
  });
  return (await Promise.all(drawn)).join("");
}

/** The panel on the right (the middle is where the caller sits), with the name, the title and the QR code. */
const PANEL = { x: 1300, y: 70, width: 560, height: 940 } as const;
const QR_BOX = 460;

export async function backgroundSvg(person: BrandKitPerson, qrText: string, linkText: string) {
  const design = designFromStored(person.design);
  const p = paletteOf(design, design.variant === "dark" ? "dark" : "light");
  const stack = FONTS[design.font].stack;
  const font = escapeHtml(stack);
  const centre = PANEL.x + PANEL.width / 2;
  const inner = PANEL.width - 80;
  const [first = p.page, ...rest] = p.pageTones;
  const stops = [first, ...rest].map(
    (c, i, all) => `<stop offset="${all.length > 1 ? i / (all.length - 1) : 0}" stop-color="${c}"/>`,
  );
  const name = fitText(person.name, inner, 60, 30, 2);
  const nameY = PANEL.y + 110;
  const details = [person.jobTitle, person.businessName].filter((t): t is string => !!t?.trim());
  const detailY = nameY + (name.lines.length - 1) * name.size * 1.2 + 60;
  const detailLines = await Promise.all(
    details.map((d, i) => {
      const fitted = fitText(d, inner, 34, 22, 1);
      const at = { x: centre, y: detailY + i * 46, size: fitted.size, lineHeight: 0, font: stack };
      return textLines(fitted.lines, at, p.muted);
    }),
  );
  const qr = qrModules(qrText);
  const qrX = centre - QR_BOX / 2;
  const qrY = PANEL.y + PANEL.height - QR_BOX - 90;
  const link = fitText(linkText, inner, 28, 18, 1);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${BACKGROUND.width}" height="${BACKGROUND.height}" font-family="${font}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">${stops.join("")}</linearGradient></defs>
<rect width="100%" height="100%" fill="url(#bg)"/>
<rect x="${PANEL.x}" y="${PANEL.y}" width="${PANEL.width}" height="${PANEL.height}" rx="32" fill="${p.surface}"/>
<rect x="${PANEL.x + 40}" y="${PANEL.y + 36}" width="120" height="10" rx="5" fill="${p.accent}"/>
${await textLines(name.lines, { x: centre, y: nameY, size: name.size, lineHeight: name.size * 1.2, font: stack }, p.text, 700)}
${detailLines.join("\n")}
<rect x="${qrX - 10}" y="${qrY - 10}" width="${QR_BOX + 20}" height="${QR_BOX + 20}" rx="16" fill="#ffffff"/>
<svg x="${qrX}" y="${qrY}" width="${QR_BOX}" height="${QR_BOX}" viewBox="0 0 ${qr.size} ${qr.size}" shape-rendering="crispEdges"><rect width="${qr.size}" height="${qr.size}" fill="#ffffff"/><path d="${qr.path}" fill="#000000"/></svg>
${await textLines(link.lines, { x: centre, y: qrY + QR_BOX + 60, size: link.size, lineHeight: 0, font: stack }, p.text)}
</svg>`;
}
