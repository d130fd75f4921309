// Link rules for card pages, shared by the browser and the server: which URLs are allowed, which icons exist,
// and how the create-client dialog turns order links and social handles into titled links.

export const LINK_ICONS = [
  "globe",
  "instagram",
  "facebook",
  "twitter",
  "linkedin",
  "youtube",
  "github",
  "mail",
  "phone",
  "menu",
  "star",
  "utensils",
] as const;
export type LinkIcon = (typeof LINK_ICONS)[number];

export const LINK_ICON_LABELS: Record<LinkIcon, string> = {
  globe: "Website",
  instagram: "Instagram",
  facebook: "Facebook",
  twitter: "Twitter / X",
  linkedin: "LinkedIn",
  youtube: "YouTube",
  github: "GitHub",
  mail: "Email",
  phone: "Phone",
  menu: "Menu",
  star: "Review",
  utensils: "Food",
};

export function isLinkIcon(value: string): value is LinkIcon {
  return (LINK_ICONS as readonly string[]).includes(value);
}

/**
 * Why a link URL is refused, or null when it is allowed. Only http(s), mailto and tel are accepted: never
 * javascript:, data: or anything a browser could run.
 */
export function linkUrlProblem(raw: string): string | null {
  const url = raw.trim();
  if (url === "") return "URL is required";
  if (url.length > 2000) return "URL is too long";
  // Non-ASCII grows up to nine times once percent-encoded, and the encoded form is what is stored.
  if (normalizeLinkUrl(url).length > 2000) return "URL is too long";
  // Control characters and spaces inside the scheme are how 'java\tscript:' slips past naive checks.
  if ([...url].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127))
    return "URL contains invalid characters";
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme === "http" || scheme === "https") {
    if (!URL.canParse(url)) return "URL must be a valid web address";
    const host = new URL(url).hostname;
    if (!host || (!host.includes(".") && host !== "localhost")) return "URL must be a valid web address";
    return null;
  }
  if (scheme === "mailto") {
    return /^mailto:[^\s@]+@[^\s@]+$/i.test(url.split("?")[0]!) ? null : "Email must contain an @ symbol.";
  }
  if (scheme === "tel") {
    return /^tel:\+?[0-9 ()-]{3,30}$/i.test(url)
      ? null
      : "Phone numbers should only contain numbers and optionally a + character.";
  }
  return "URL must start with http://, https://, mailto: or tel:";
}

const NOT_PRINTABLE_ASCII = /[^\x21-\x7e]/u;

/** Each character outside printable ASCII as percent-encoded UTF-8 (a lone surrogate as U+FFFD, as URL does). */
function encodeOutsideAscii(value: string) {
  return value.replace(new RegExp(NOT_PRINTABLE_ASCII, "gu"), (c) => {
    const code = c.codePointAt(0)!;
    return encodeURIComponent(code >= 0xd800 && code <= 0xdfff ? "\ufffd" : c);
  });
}

/** A mail domain in ASCII: an internationalised one as punycode, the way browsers write a host. */
function asciiDomain(domain: string) {
  if (!NOT_PRINTABLE_ASCII.test(domain)) return domain;
  // Only a bare domain goes through URL: anything with URL delimiters would lose its tail there.
  if (/^[^\s/?#@:\\[\]%]+$/u.test(domain) && URL.canParse(`http://${domain}`))
    return new URL(`http://${domain}`).hostname;
  return encodeOutsideAscii(domain);
}

function normalizeMailto(rest: string) {
  const q = rest.indexOf("?");
  const to = q === -1 ? rest : rest.slice(0, q);
  const query = q === -1 ? "" : rest.slice(q);
  const addresses = to.split(",").map((address) => {
    const at = address.lastIndexOf("@");
    if (at === -1) return encodeOutsideAscii(address);
    return `${encodeOutsideAscii(address.slice(0, at))}@${asciiDomain(address.slice(at + 1))}`;
  });
  return `mailto:${addresses.join(",")}${encodeOutsideAscii(query)}`;
}

/**
 * The one stored form of a link URL, always printable ASCII, as an HTTP Location header must be: http(s) as
 * the URL standard writes it (punycode host, percent-encoded path and query), mailto with a punycode domain and
 * the rest percent-encoded, tel without spaces. Anything else is only percent-encoded: whether it is allowed
 * at all is linkUrlProblem's call. Applying it twice changes nothing.
 */
export function normalizeLinkUrl(raw: string): string {
  const url = raw.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  const rest = url.slice((scheme?.length ?? -1) + 1);
  if ((scheme === "http" || scheme === "https") && URL.canParse(url)) return new URL(url).href;
  if (scheme === "mailto") return normalizeMailto(rest);
  if (scheme === "tel") return `tel:${encodeOutsideAscii(rest.replace(/\s+/gu, ""))}`;
  return encodeOutsideAscii(url);
}

/** A phone number as a tel: URL (spaces kept out of the URL). */
export function telUrl(phone: string) {
  return `tel:${phone.replace(/[^0-9+]/g, "")}`;
}

/** Instagram or Facebook handle (or a full URL) as a profile URL. */
export function socialProfileUrl(network: "instagram" | "facebook", value: string) {
  const v = value.trim();
  if (v === "") return v;
  if (/^http/i.test(v)) return normalizeLinkUrl(v);
  const handle = v.replace(/^@/, "");
  return normalizeLinkUrl(
    network === "instagram" ? `https://instagram.com/${handle}` : `https://facebook.com/${handle}`,
  );
}

/** A website with https:// prefixed when no scheme was typed. */
export function websiteUrl(value: string) {
  const v = value.trim();
  if (v === "") return v;
  return normalizeLinkUrl(/^https?:\/\//i.test(v) ? v : `https://${v}`);
}

const FOOD_ORDERING_HOSTS = ["deliveroo.co.uk", "ubereats.com", "just-eat.co.uk", "justeat.co.uk"];

export type ClassifiedLink = { title: string; url: string; icon: LinkIcon };

/**
 * Classifies the order links of the create-client dialog: tel -> 'Call Us' then 'Mobile'; food ordering
 * hosts or URLs containing 'menu' -> Menu; g.page, google or review -> Google Review; else Website.
 */
export function classifyOrderLinks(urls: string[]): ClassifiedLink[] {
  let phones = 0;
  return urls
    .map((u) => u.trim())
    .filter(Boolean)
    .map((raw): ClassifiedLink => {
      const lower = raw.toLowerCase();
      if (lower.startsWith("tel:") || /^\+?[0-9 ()-]{6,}$/.test(lower)) {
        const url = lower.startsWith("tel:") ? normalizeLinkUrl(raw) : telUrl(raw);
        return { title: phones++ === 0 ? "Call Us" : "Mobile", url, icon: "phone" };
      }
      const url = websiteUrl(raw);
      const host = URL.canParse(url) ? new URL(url).hostname.toLowerCase().replace(/^www\./, "") : "";
      if (FOOD_ORDERING_HOSTS.some((h) => host === h || host.endsWith(`.${h}`)) || lower.includes("menu")) {
        return { title: "Menu", url, icon: "menu" };
      }
      if (host === "g.page" || lower.includes("google") || lower.includes("review")) {
        return { title: "Google Review", url, icon: "star" };
      }
      return { title: "Website", url, icon: "globe" };
    });
}

/** A source for analytics, from the ?s= parameter written on the chip (nfc) and in the QR code (qr). */
export type VisitSource = "nfc" | "qr" | "link";
export function parseSource(value: string | null | undefined): VisitSource {
  return value === "nfc" || value === "qr" ? value : "link";
}
