// The public card page as one HTML string in its owner's design: no JavaScript, no web fonts, no requests to
// other sites, one inline stylesheet.
// Rendered once per change and cached compressed (page-cache.server.ts), so a template beats React here.
import { createHash } from "node:crypto";
import { designFromStored } from "~/schemas/card-design";
import { designCss } from "~/utils/card-design/design";
import { type CardDesign, DEFAULT_DESIGN } from "~/utils/card-design/options";
import { CARD_ICON_SVGS } from "~/utils/card-icons";
import type { VisitSource } from "~/utils/card-links";
import { escapeHtml } from "~/utils/html";
import { designImageUrl } from "../platform/storage.server";
import type { PublicCardPage } from "./card-reads.server";
import { OG_IMAGE, ogImageUrl } from "./og-image.server";

function icon(name: string) {
  const svg = CARD_ICON_SVGS[name] ?? CARD_ICON_SVGS.link!;
  const paint =
    svg.kind === "fill"
      ? 'fill="currentColor"'
      : 'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';
  return `<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" ${paint}>${svg.body}</svg>`;
}

/**
 * The page's fixed stylesheet: shapes and spacing, every colour through the design's custom properties. The
 * design's own rules (designCss) follow it in the same <style>.
 */
const BASE_CSS = `*{box-sizing:border-box;margin:0}body{font-size:16px;line-height:1.5;color:var(--tx);background:var(--pg);min-height:100vh;display:flex;flex-direction:column;align-items:center;padding:32px 16px}main{width:100%;max-width:440px;background:var(--sf);box-shadow:0 6px 24px rgba(15,23,42,.08);padding:32px 20px;text-align:center}.ph{width:112px;height:112px;border-radius:50%;object-fit:cover;margin:0 auto 16px;display:block;background:var(--bd)}.in{width:112px;height:112px;border-radius:50%;margin:0 auto 16px;display:flex;align-items:center;justify-content:center;background:var(--ac);color:var(--on-ac);font-size:40px;font-weight:700}h1{font-size:1.6rem;line-height:1.2}.bn{color:var(--mu);font-weight:600;margin-top:4px}.bio{margin-top:12px;white-space:pre-line}.sv{display:inline-flex;align-items:center;gap:8px;margin-top:20px;min-height:48px;padding:12px 22px;font-weight:600;text-decoration:none}ul{list-style:none;padding:0;margin-top:24px;display:grid;gap:12px}li a{display:flex;align-items:center;gap:12px;min-height:52px;padding:12px 16px;border:1px solid var(--bd);color:var(--tx);text-decoration:none;font-weight:600;text-align:left;background:var(--sf)}.sv.sh{margin-top:12px;background:var(--sf);color:var(--ac);border:2px solid var(--ac)}li a:hover,.sv:hover{border-color:var(--ac);box-shadow:0 0 0 1px var(--ac)}a:focus-visible{outline:3px solid var(--ac);outline-offset:2px}li svg{flex:none;color:var(--ac)}.em{color:var(--mu);margin-top:24px}footer{margin-top:24px;font-size:.875rem;color:var(--on-pg)}footer a{color:var(--on-pg);font-weight:600}.nf{padding:48px 20px}.nf p{color:var(--mu);margin-top:8px}.cv{display:block;width:calc(100% + 40px);height:auto;margin:-32px -20px 20px;border-top-left-radius:inherit;border-top-right-radius:inherit}.nm{display:flex;align-items:center;justify-content:center;gap:10px}.lg{width:48px;height:48px;object-fit:contain;flex:none}`;

/** A page's one inline stylesheet, allowed by its hash in the page's Content-Security-Policy (no 'unsafe-inline'). */
function cardPageCsp(css: string) {
  return [
    "default-src 'none'",
    `style-src 'sha256-${createHash("sha256").update(css).digest("base64")}'`,
    "img-src 'self' data: https:",
    // The page runs no script; this only lets the browser's own tools (e.g. a crawler check) read /robots.txt.
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

function stylesheet(design: CardDesign) {
  return BASE_CSS + designCss(design);
}

/** Notices (paused, turned off, not found) keep the plain default design, whatever the card's own. */
const NOTICE_CSS = stylesheet(DEFAULT_DESIGN);
export const CARD_PAGE_CSP = cardPageCsp(NOTICE_CSS);

function head(opts: {
  css: string;
  title: string;
  description: string;
  url?: string;
  /** The link preview's picture: an absolute URL and what it shows. */
  image?: { url: string; alt: string };
  siteName: string;
  noindex?: boolean;
}) {
  const meta = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    ...(opts.noindex ? ['<meta name="robots" content="noindex">'] : []),
    `<title>${escapeHtml(opts.title)}</title>`,
    `<meta name="description" content="${escapeHtml(opts.description)}">`,
    '<link rel="icon" href="data:,">',
    `<meta property="og:type" content="profile">`,
    `<meta property="og:site_name" content="${escapeHtml(opts.siteName)}">`,
    `<meta property="og:title" content="${escapeHtml(opts.title)}">`,
    `<meta property="og:description" content="${escapeHtml(opts.description)}">`,
    `<meta name="twitter:card" content="${opts.image ? "summary_large_image" : "summary"}">`,
  ];
  if (opts.url) {
    meta.push(`<link rel="canonical" href="${escapeHtml(opts.url)}">`);
    meta.push(`<meta property="og:url" content="${escapeHtml(opts.url)}">`);
  }
  if (opts.image)
    meta.push(
      `<meta property="og:image" content="${escapeHtml(opts.image.url)}">`,
      `<meta property="og:image:width" content="${OG_IMAGE.width}">`,
      `<meta property="og:image:height" content="${OG_IMAGE.height}">`,
      `<meta property="og:image:alt" content="${escapeHtml(opts.image.alt)}">`,
    );
  return `<head>${meta.join("")}<style>${opts.css}</style></head>`;
}

/** Where a link points on the page: web links go through the counting redirect; mailto/tel use ping. */
function linkAttributes(link: { id: string; url: string }, source: VisitSource, publicUrl: string) {
  const go = `/go/${link.id}?s=${source}`;
  if (/^https?:/i.test(link.url)) return `href="${escapeHtml(go)}"`;
  // HTML allows only absolute http(s) URLs in ping.
  return `href="${escapeHtml(link.url)}" ping="${escapeHtml(publicUrl + go)}"`;
}

/** The card page in its owner's design, with the policy that allows its stylesheet. */
export function renderCardPageHtml(
  page: NonNullable<PublicCardPage>,
  opts: {
    publicUrl: string;
    siteName: string;
    source: VisitSource;
    /** The owner's preview: links lead nowhere, so trying one counts no visit. */
    preview?: boolean;
  },
) {
  const css = stylesheet(designFromStored(page.design));
  const url = `${opts.publicUrl}/${page.slug}`;
  const title = page.businessName ? `${page.name} - ${page.businessName}` : page.name;
  const description = page.bio?.slice(0, 160) || `${page.name}'s links`;
  const photo = page.profileImageUrl
    ? `<img class="ph" src="${escapeHtml(page.profileImageUrl)}" width="112" height="112" alt="${escapeHtml(page.name)}">`
    : `<div class="in" aria-hidden="true">${escapeHtml(page.name.trim().charAt(0).toUpperCase() || "?")}</div>`;
  const cover = page.coverImageUrl
    ? `<img class="cv" src="${escapeHtml(designImageUrl(page.coverImageUrl, 440))}" srcset="${escapeHtml(designImageUrl(page.coverImageUrl, 440))} 440w, ${escapeHtml(page.coverImageUrl)} 880w" sizes="(max-width:472px) calc(100vw - 32px), 440px" width="880" height="293" alt="">`
    : "";
  const logo = page.logoImageUrl
    ? `<img class="lg" src="${escapeHtml(designImageUrl(page.logoImageUrl, 48))}" srcset="${escapeHtml(page.logoImageUrl)} 2x" width="48" height="48" alt="${escapeHtml(page.businessName ?? page.name)} logo">`
    : "";
  const links = page.links.length
    ? `<nav aria-label="Links"><ul>${page.links
        .map(
          (l) =>
            `<li><a ${opts.preview ? 'role="link" aria-disabled="true"' : linkAttributes(l, opts.source, opts.publicUrl)}>${icon(l.icon)}<span>${escapeHtml(l.title)}</span></a></li>`,
        )
        .join("")}</ul></nav>`
    : '<p class="em">No links yet.</p>';
  const body = [
    "<main>",
    cover,
    photo,
    logo
      ? `<div class="nm">${logo}<h1>${escapeHtml(page.name)}</h1></div>`
      : `<h1>${escapeHtml(page.name)}</h1>`,
    page.jobTitle || page.businessName
      ? `<p class="bn">${escapeHtml([page.jobTitle, page.businessName].filter(Boolean).join(", "))}</p>`
      : "",
    page.bio ? `<p class="bio">${escapeHtml(page.bio)}</p>` : "",
    `<a class="sv" href="/card/${escapeHtml(page.slug)}/contact.vcf" download>${icon("contact")}Save contact</a>`,
    // The visitor's own form lives on its own page, so this page stays free of forms, cookies and scripts.
    page.contactExchange
      ? `<div><a class="sv sh" href="/${escapeHtml(page.slug)}/connect?s=${opts.source}">Share your details with ${escapeHtml(page.name)}</a></div>`
      : "",
    links,
    "</main>",
    `<footer>Powered by <a href="${escapeHtml(opts.publicUrl)}/">${escapeHtml(opts.siteName)}</a></footer>`,
  ].join("");
  const image = { url: ogImageUrl(opts.publicUrl, page), alt: title };
  const html = `<!doctype html><html lang="en-GB">${head({ css, title, description, url, image, siteName: opts.siteName })}<body>${body}</body></html>`;
  return { html, csp: cardPageCsp(css) };
}

export function renderCardNotFoundHtml(opts: { publicUrl: string; siteName: string }) {
  return `<!doctype html><html lang="en-GB">${head({
    css: NOTICE_CSS,
    title: "Page Not Found",
    description: "The card page you're looking for doesn't exist.",
    siteName: opts.siteName,
  })}<body><main class="nf"><h1>Page Not Found</h1><p>The card page you're looking for doesn't exist.</p></main><footer>Powered by <a href="${escapeHtml(opts.publicUrl)}/">${escapeHtml(opts.siteName)}</a></footer></body></html>`;
}

const INACTIVE = {
  paused: { title: "This card is paused", text: "Its owner has paused this card for now." },
  off: { title: "This card is turned off", text: "Its owner has turned this card off." },
} as const;

/**
 * What a paused page (every address) or a card turned off (its chip address) answers: a short notice, no links,
 * no contact form, nothing of the owner's, kept out of search engines.
 */
export function renderCardInactiveHtml(kind: keyof typeof INACTIVE, opts: { siteName: string }) {
  return renderNoticeHtml(INACTIVE[kind], opts);
}

/**
 * A notice page: the paused and turned-off notices, and the fallback page a company shows on the card of someone
 * who left it (its words are the company's, so they are escaped).
 */
export function renderNoticeHtml(notice: { title: string; text: string }, opts: { siteName: string }) {
  const title = escapeHtml(notice.title);
  const text = escapeHtml(notice.text);
  return `<!doctype html><html lang="en-GB">${head({
    css: NOTICE_CSS,
    title: notice.title,
    description: notice.text,
    siteName: opts.siteName,
    noindex: true,
  })}<body><main class="nf"><h1>${title}</h1><p>${text}</p></main></body></html>`;
}
