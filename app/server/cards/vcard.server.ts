// vCard 3.0 text for 'Save contact': escaped and folded per RFC 2426 / 6350 so phones import it as typed.
// A pure function: callers fetch the photo bytes themselves.

export type VCardInput = {
  name: string;
  organisation?: string | null;
  /** The job title (TITLE). */
  title?: string | null;
  email?: string | null;
  phone?: string | null;
  /** More ways to reach the person (a card page's: app/utils/card-reach.ts), after `email` and `phone`. */
  emails?: string[];
  phones?: string[];
  url?: string | null;
  /** Web links with their titles (a card page's website and social profiles), after `url`. */
  links?: { label: string; url: string }[];
  note?: string | null;
  /** A URL, or the image itself (base64) with its type, e.g. { type: "JPEG", base64 }. */
  photo?: string | { type: string; base64: string } | null;
};

/**
 * Escapes a text value: backslash, comma and newlines always; semicolons only in compound values (N, ORG),
 * where they separate components (RFC 6350 section 3.4).
 */
function escapeVCardText(value: string, compound = false) {
  const escaped = value
    .replace(/\\/g, "\\\\")
    .replace(/\r\n|\r|\n/g, "\\n")
    .replace(/,/g, "\\,");
  return compound ? escaped.replace(/;/g, "\\;") : escaped;
}

/** Folds a content line at 75 octets (never inside a UTF-8 character), continuation lines start with a space. */
function foldVCardLine(line: string) {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, "utf8");
    const limit = parts.length === 0 ? 75 : 74; // continuation lines spend one octet on the leading space
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

export function buildVCard({
  name,
  organisation,
  title,
  email,
  phone,
  emails = [],
  phones = [],
  url,
  links = [],
  note,
  photo,
}: VCardInput): string {
  const clean = (v?: string | null) => (v ?? "").trim();
  const fullName = clean(name);
  const words = fullName.split(/\s+/).filter(Boolean);
  const family = words.length > 1 ? words[words.length - 1]! : "";
  const given = words.length > 1 ? words.slice(0, -1).join(" ") : (words[0] ?? "");
  const lines = [
    "BEGIN:VCARD",
    "VERSION:3.0",
    `N:${escapeVCardText(family, true)};${escapeVCardText(given, true)};;;`,
    `FN:${escapeVCardText(fullName)}`,
  ];
  if (clean(organisation)) lines.push(`ORG:${escapeVCardText(clean(organisation), true)}`);
  if (clean(title)) lines.push(`TITLE:${escapeVCardText(clean(title))}`);
  for (const e of [email, ...emails].map(clean).filter(Boolean))
    lines.push(`EMAIL;TYPE=INTERNET:${escapeVCardText(e)}`);
  for (const p of [phone, ...phones].map(clean).filter(Boolean))
    lines.push(`TEL;TYPE=CELL:${escapeVCardText(p)}`);
  if (clean(url)) lines.push(`URL:${clean(url)}`);
  // Grouped with a label (itemN.X-ABLabel), which phones' address books show beside the address.
  links.forEach((link, i) => {
    // Stored links are normalised ASCII; a line break could still only ever end the line early, so none is kept.
    const href = clean(link.url).replace(/[\r\n]/g, "");
    if (!href) return;
    lines.push(`item${i + 1}.URL:${href}`);
    if (clean(link.label)) lines.push(`item${i + 1}.X-ABLabel:${escapeVCardText(clean(link.label))}`);
  });
  if (clean(note)) lines.push(`NOTE:${escapeVCardText(clean(note))}`);
  if (typeof photo === "string" && photo.trim()) lines.push(`PHOTO;VALUE=URI:${photo.trim()}`);
  else if (photo && typeof photo === "object")
    lines.push(`PHOTO;ENCODING=b;TYPE=${photo.type.toUpperCase()}:${photo.base64}`);
  lines.push("END:VCARD");
  return `${lines.map(foldVCardLine).join("\r\n")}\r\n`;
}

/** The person's name as a file name: letters and digits of any script kept, every other run one hyphen. */
function fileBase(name: string) {
  return name
    .normalize("NFC")
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
}

/** A file name for the download: the person's name as they write it ('Zoë-Ångström.vcf'), safe on every system. */
export function vCardFileName(name: string) {
  return `${fileBase(name) || "contact"}.vcf`;
}

/**
 * The download's Content-Disposition (RFC 6266): the name with its letters in filename*, and for clients that
 * read only filename the same name in ASCII, accents dropped ('Zoe-Angstrom.vcf').
 */
export function vCardDisposition(name: string) {
  const ascii = fileBase(
    name
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .replace(/[^A-Za-z0-9]+/g, "-"),
  );
  return `attachment; filename="${ascii || "contact"}.vcf"; filename*=UTF-8''${encodeURIComponent(vCardFileName(name))}`;
}
