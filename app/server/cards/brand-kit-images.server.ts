// The brand kit's pictures, drawn as SVG and rasterised with sharp: the video-call background (1920 x 1080) and the
// QR code for print. Text is measured roughly and set smaller or wrapped so that it never leaves the picture.
import QRCode from "qrcode";
import { designFromStored } from "~/schemas/card-design";
import { paletteOf } from "~/utils/card-design/design";
import { FONTS } from "~/utils/card-design/options";
import { escapeHtml } from "~/utils/html";
import { drawPng } from "../platform/images.server";

export const BACKGROUND = { width: 1920, height: 1080 } as const;
const PRINT_QR_PIXELS = 2048;
/** The quiet zone the QR standard asks for around the code, in modules. */
const QUIET = 4;

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

/** The QR code as an SVG document: `colour` on white, `pixels` wide, crisp at any size. */
export function qrSvg(text: string, colour: string, pixels = 1024) {
  const { path, size } = qrModules(text);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${pixels}" height="${pixels}" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#ffffff"/><path d="${path}" fill="${colour}"/></svg>`;
}

export function qrPng(text: string, colour: string) {
  return drawPng(qrSvg(text, colour, PRINT_QR_PIXELS));
}

/** The background as PNG, or as JPEG re-encoded from it (smaller, for apps that take no PNG). */
export async function backgroundImage(svg: string, format: "png" | "jpg") {
  const png = await drawPng(svg);
  if (format === "png") return png;
  const sharp = (await import("sharp")).default;
  return sharp(png).flatten({ background: "#ffffff" }).jpeg({ quality: 88 }).toBuffer();
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

function textLines(
  lines: string[],
  at: { x: number; y: number; size: number; lineHeight: number },
  fill: string,
  weight = 400,
) {
  return lines
    .map((line, i) => {
      const dir = RTL.test(line) ? ' direction="rtl" unicode-bidi="embed"' : "";
      const y = at.y + i * at.lineHeight;
      return `<text x="${at.x}" y="${y}" text-anchor="middle" font-size="${at.size}" font-weight="${weight}" fill="${fill}"${dir}>${escapeHtml(line)}</text>`;
    })
    .join("");
}

/** The panel on the right (the middle is where the caller sits), with the name, the title and the QR code. */
const PANEL = { x: 1300, y: 70, width: 560, height: 940 } as const;
const QR_BOX = 460;

export function backgroundSvg(person: BrandKitPerson, qrText: string, linkText: string) {
  const design = designFromStored(person.design);
  const p = paletteOf(design, design.variant === "dark" ? "dark" : "light");
  const font = escapeHtml(FONTS[design.font].stack);
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
  const detailLines = details.map((d, i) => {
    const fitted = fitText(d, inner, 34, 22, 1);
    return textLines(
      fitted.lines,
      { x: centre, y: detailY + i * 46, size: fitted.size, lineHeight: 0 },
      p.muted,
    );
  });
  const qr = qrModules(qrText);
  const qrX = centre - QR_BOX / 2;
  const qrY = PANEL.y + PANEL.height - QR_BOX - 90;
  const link = fitText(linkText, inner, 28, 18, 1);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${BACKGROUND.width}" height="${BACKGROUND.height}" font-family="${font}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">${stops.join("")}</linearGradient></defs>
<rect width="100%" height="100%" fill="url(#bg)"/>
<rect x="${PANEL.x}" y="${PANEL.y}" width="${PANEL.width}" height="${PANEL.height}" rx="32" fill="${p.surface}"/>
<rect x="${PANEL.x + 40}" y="${PANEL.y + 36}" width="120" height="10" rx="5" fill="${p.accent}"/>
${textLines(name.lines, { x: centre, y: nameY, size: name.size, lineHeight: name.size * 1.2 }, p.text, 700)}
${detailLines.join("\n")}
<rect x="${qrX - 10}" y="${qrY - 10}" width="${QR_BOX + 20}" height="${QR_BOX + 20}" rx="16" fill="#ffffff"/>
<svg x="${qrX}" y="${qrY}" width="${QR_BOX}" height="${QR_BOX}" viewBox="0 0 ${qr.size} ${qr.size}" shape-rendering="crispEdges"><rect width="${qr.size}" height="${qr.size}" fill="#ffffff"/><path d="${qr.path}" fill="#000000"/></svg>
${textLines(link.lines, { x: centre, y: qrY + QR_BOX + 60, size: link.size, lineHeight: 0 }, p.text)}
</svg>`;
}
