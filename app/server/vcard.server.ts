// Builds vCard 3.0 files (RFC 2426, with RFC 6350 escaping and folding): the company card and card pages.
// 3.0 rather than 4.0 because it is the version the phones' contact apps import most reliably.

export interface VCardInput {
  /** Full name as shown in the contact list. */
  name: string;
  organisation?: string | null;
  title?: string | null;
  email?: string | null;
  phone?: string | null;
  /** The page the card belongs to. */
  url?: string | null;
  /** Free text; becomes the NOTE. */
  bio?: string | null;
  /** Same as bio (card pages call it the note). */
  note?: string | null;
  photoUrl?: string | null;
  /** A URL, or the image itself (base64) with its type, e.g. { type: "JPEG", base64 }. */
  photo?: string | { type: string; base64: string } | null;
  /** A company card is shown by its organisation name rather than a person's. */
  kind?: "individual" | "organisation";
}

/** Escapes a TEXT value: backslash, comma, semicolon and line breaks (RFC 6350 section 3.4). */
export function escapeText(value: string) {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/\r\n|\r|\n/g, "\\n")
    .replace(/,/g, "\\,")
    .replace(/;/g, "\\;");
}

/** URIs and phone numbers are not TEXT: they are only stripped of characters that would break the line. */
function oneLine(value: string) {
  return value.replace(/[\r\n]+/g, " ").trim();
}

/**
 * Folds a content line at 75 octets: continuation lines start with a space (RFC 6350 section 3.2).
 * Counts UTF-8 bytes and never splits a character.
 */
export function foldLine(line: string) {
  const out: string[] = [];
  let current = "";
  let bytes = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, "utf8");
    const limit = out.length === 0 ? 75 : 74; // a continuation line spends one octet on its leading space
    if (bytes + size > limit) {
      out.push(current);
      current = "";
      bytes = 0;
    }
    current += char;
    bytes += size;
  }
  out.push(current);
  return out.join("\r\n ");
}

function splitName(name: string) {
  const parts = name.trim().split(/\s+/);
  if (parts.length < 2) return { given: parts[0] ?? "", family: "" };
  return { given: parts.slice(0, -1).join(" "), family: parts.at(-1)! };
}

export function buildVCard(input: VCardInput) {
  const name = oneLine(input.name) || oneLine(input.organisation ?? "") || "Contact";
  const lines = ["BEGIN:VCARD", "VERSION:3.0", `FN:${escapeText(name)}`];
  if (input.kind === "organisation") {
    lines.push("N:;;;;", "X-ABShowAs:COMPANY");
  } else {
    const { given, family } = splitName(name);
    lines.push(`N:${escapeText(family)};${escapeText(given)};;;`);
  }
  const organisation = input.organisation?.trim() || (input.kind === "organisation" ? name : "");
  if (organisation) lines.push(`ORG:${escapeText(oneLine(organisation))}`);
  if (input.title?.trim()) lines.push(`TITLE:${escapeText(oneLine(input.title))}`);
  if (input.email?.trim()) lines.push(`EMAIL;TYPE=INTERNET:${escapeText(oneLine(input.email))}`);
  const phone = input.phone?.replace(/[^\d+()\s-]/g, "").trim();
  if (phone) lines.push(`TEL;TYPE=CELL:${phone}`);
  if (input.url?.trim()) lines.push(`URL:${oneLine(input.url)}`);
  const photoUrl = input.photoUrl?.trim() || (typeof input.photo === "string" ? input.photo.trim() : "");
  if (photoUrl) lines.push(`PHOTO;VALUE=uri:${oneLine(photoUrl)}`);
  else if (input.photo && typeof input.photo === "object")
    lines.push(`PHOTO;ENCODING=b;TYPE=${input.photo.type.toUpperCase()}:${input.photo.base64}`);
  const note = input.bio?.trim() || input.note?.trim();
  if (note) lines.push(`NOTE:${escapeText(note)}`);
  lines.push("END:VCARD");
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}

/** A file name for the download: letters, digits and hyphens only. */
export function vCardFileName(name: string) {
  const base = name
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .replace(/[\s_]+/g, "-")
    .toLowerCase();
  return `${base || "contact"}.vcf`;
}

/** The download response: a file, never cached by shared caches. */
export function vCardResponse(input: VCardInput, fileName = vCardFileName(input.name)) {
  return new Response(buildVCard(input), {
    headers: {
      "Content-Type": "text/vcard; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, max-age=300",
    },
  });
}
