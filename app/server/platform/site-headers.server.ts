// Headers every answer of the site carries, whichever path serves it: Express (server/app.ts) or the card
// pages' fast path, which answers before Express is entered.
import { createHash } from "node:crypto";

/** HSTS for a site served over https (PUBLIC_URL): browsers then never try plain http again. */
const HSTS = "max-age=31536000; includeSubDomains";

/** [name, value] pairs: no sniffing, no referrer leaks, and https only when the site is on https. */
export function siteHeaders(publicUrl: string): [string, string][] {
  const headers: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ];
  if (publicUrl.startsWith("https://")) headers.push(["Strict-Transport-Security", HSTS]);
  return headers;
}

/** The names of siteHeaders, in lower case. */
export const SITE_HEADER_NAMES = new Set([
  "x-content-type-options",
  "referrer-policy",
  "strict-transport-security",
]);

/**
 * The policy of the site's pages: scripts only from this site, plus, when the page inlines any (React Router's
 * hydration data), those carrying this response's nonce or, on a page shared between visitors, exactly those
 * inline scripts by their hashes ('sha256-...' sources). A page without inline scripts gets neither.
 */
export function pageSecurityPolicy(nonce: string | null, scriptHashes: readonly string[] = []) {
  const scriptSources = ["'self'", ...(nonce ? [`'nonce-${nonce}'`] : []), ...scriptHashes];
  return [
    "default-src 'self'",
    `script-src ${scriptSources.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self' https:",
    "object-src 'none'",
  ].join("; ");
}

/** The text of each <script> element without a src: inline code (or a data block, which hashing does no harm). */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * The policy's source for each inline script of a page: 'sha256-...' of its text as the browser sees it (the
 * HTML parser turns CR LF and CR into LF before a script's text is read). Given the nonce the page was rendered
 * with, only the scripts that carry it: those the render wrote itself, not markup that stored text smuggled in.
 */
export function inlineScriptHashes(html: string, renderNonce?: string) {
  const hashes = new Set<string>();
  const mark = renderNonce === undefined ? null : `nonce="${renderNonce}"`;
  for (const [, attributes = "", code = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (mark !== null && !attributes.includes(mark)) continue;
    const text = code.replace(/\r\n?/g, "\n");
    hashes.add(`'sha256-${createHash("sha256").update(text).digest("base64")}'`);
  }
  return [...hashes];
}
