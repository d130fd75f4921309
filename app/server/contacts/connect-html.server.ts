// The visitor's 'Share your details' page (/{slug}/connect) as one HTML string, styled like the card page: no
// JavaScript, no cookie, nothing from other sites. Errors sit beside their fields and typed values are kept.
import { createHash } from "node:crypto";
import { SHARE_LIMITS, type ShareField } from "~/schemas/contact-exchange";
import type { VisitSource } from "~/utils/card-links";
import { escapeHtml } from "~/utils/html";

const CSS = `*{box-sizing:border-box;margin:0}body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#eef2ff;min-height:100vh;display:flex;flex-direction:column;align-items:center;padding:32px 16px}main{width:100%;max-width:440px;background:#fff;border-radius:20px;box-shadow:0 6px 24px rgba(15,23,42,.08);padding:32px 20px}h1{font-size:1.5rem;line-height:1.2}.in{color:#475569;margin-top:8px}form{margin-top:20px;display:grid;gap:16px}label{display:block;font-weight:600}.op{font-weight:400;color:#475569}input,textarea{display:block;width:100%;margin-top:4px;padding:10px 12px;border:1px solid #64748b;border-radius:10px;font:inherit;color:inherit;background:#fff}textarea{min-height:96px}input[aria-invalid=true],textarea[aria-invalid=true]{border-color:#b91c1c}.ck{display:flex;gap:10px;align-items:flex-start;font-weight:400}.ck input{width:20px;height:20px;margin-top:2px;flex:none}.er{color:#b91c1c;font-size:.875rem;margin-top:4px}.fe{color:#7f1d1d;background:#fef2f2;border:1px solid #fecaca;border-radius:10px;padding:10px 12px;margin-top:16px}.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}.sv{display:inline-flex;align-items:center;justify-content:center;gap:8px;min-height:48px;padding:12px 22px;border:0;border-radius:999px;background:#0f172a;color:#fff;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}.sv:hover{box-shadow:0 0 0 2px #4338ca}a{color:#312e81;font-weight:600}a:focus-visible,input:focus-visible,textarea:focus-visible,button:focus-visible{outline:3px solid #4338ca;outline-offset:2px}.bk{display:inline-block;margin-top:20px}.ok{text-align:center}.ok .sv{margin-top:20px}footer{margin-top:24px;font-size:.875rem;color:#475569}`;

/**
 * The page's one inline stylesheet, allowed by hash; its empty data: icon (which keeps browsers from asking for
 * /favicon.ico), allowed as an image; the form may post only to this site.
 */
export const CONNECT_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash("sha256").update(CSS).digest("base64")}'`,
  "img-src data:",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

type Site = { siteName: string; publicUrl: string };

function document(title: string, body: string, site: Site) {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><link rel="icon" href="data:,"><style>${CSS}</style></head><body>${body}<footer>Powered by <a href="${escapeHtml(site.publicUrl)}/">${escapeHtml(site.siteName)}</a></footer></body></html>`;
}

export type ShareFormState = {
  values: Partial<Record<ShareField, string>>;
  errors: Partial<Record<ShareField, string>>;
  /** A problem with the whole post (too fast, expired, too many), shown above the form. */
  formError?: string;
};

const LABELS: Record<Exclude<ShareField, "consent">, string> = {
  name: "Name",
  email: "E-mail",
  phone: "Phone",
  company: "Company",
  jobTitle: "Job title",
  note: "Note",
};

const INPUTS: Record<Exclude<ShareField, "consent" | "note">, { type: string; autocomplete: string }> = {
  name: { type: "text", autocomplete: "name" },
  email: { type: "email", autocomplete: "email" },
  phone: { type: "tel", autocomplete: "tel" },
  company: { type: "text", autocomplete: "organization" },
  jobTitle: { type: "text", autocomplete: "organization-title" },
};

function field(name: Exclude<ShareField, "consent">, state: ShareFormState, hint?: string) {
  const id = `f-${name}`;
  const error = state.errors[name];
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  const attrs = [
    `id="${id}"`,
    `name="${name}"`,
    `maxlength="${SHARE_LIMITS[name]}"`,
    name === "name" ? "required" : "",
    error ? 'aria-invalid="true"' : "",
    describedBy ? `aria-describedby="${describedBy}"` : "",
  ]
    .filter(Boolean)
    .join(" ");
  const value = escapeHtml(state.values[name] ?? "");
  const control =
    name === "note"
      ? `<textarea ${attrs}>${value}</textarea>`
      : `<input ${attrs} type="${INPUTS[name].type}" autocomplete="${INPUTS[name].autocomplete}" value="${value}">`;
  const optional = name === "name" ? "" : ' <span class="op">(optional)</span>';
  return `<div><label for="${id}">${LABELS[name]}${optional}</label>${hint ? `<p class="in" id="${id}-hint">${hint}</p>` : ""}${control}${error ? `<p class="er" id="${id}-error">${escapeHtml(error)}</p>` : ""}</div>`;
}

/** The form for one card. `stamp` is the signed time it was shown; `source` how the card page was opened. */
export function renderShareFormHtml(
  card: { slug: string; name: string },
  opts: Site & { stamp: string; source: VisitSource; state: ShareFormState },
) {
  const { state } = opts;
  const name = escapeHtml(card.name);
  const consentError = state.errors.consent;
  const body = [
    "<main>",
    `<h1>Share your details with ${name}</h1>`,
    `<p class="in">Leave your name and an e-mail address or a phone number, so ${name} can get back to you.</p>`,
    state.formError ? `<p class="fe" role="alert">${escapeHtml(state.formError)}</p>` : "",
    `<form method="post" action="/${escapeHtml(card.slug)}/connect" novalidate>`,
    `<input type="hidden" name="stamp" value="${escapeHtml(opts.stamp)}">`,
    `<input type="hidden" name="source" value="${opts.source}">`,
    field("name", state),
    field("email", state, "An e-mail address or a phone number is needed."),
    field("phone", state),
    field("company", state),
    field("jobTitle", state),
    field("note", state, `At most ${SHARE_LIMITS.note} characters.`),
    // People never see or reach this field; simple bots fill it in.
    '<div class="hp" aria-hidden="true"><label for="f-website">Website</label><input id="f-website" name="website" type="text" tabindex="-1" autocomplete="off"></div>',
    `<div><label class="ck"><input type="checkbox" name="consent"${state.values.consent === "on" ? " checked" : ""}${consentError ? ' aria-invalid="true" aria-describedby="f-consent-error"' : ""}><span>I agree that ${name} may contact me and keep these details (<a href="/privacy">privacy notice</a>)</span></label>${consentError ? `<p class="er" id="f-consent-error">${escapeHtml(consentError)}</p>` : ""}</div>`,
    '<div><button class="sv" type="submit">Share my details</button></div>',
    "</form>",
    `<a class="bk" href="/${escapeHtml(card.slug)}">Back to ${name}'s card</a>`,
    "</main>",
  ].join("");
  return document(`Share your details with ${card.name}`, body, opts);
}

/** After a share: thanks, and the owner's contact to save in turn. */
export function renderShareThanksHtml(card: { slug: string; name: string; firstName: string }, site: Site) {
  const body = [
    '<main class="ok">',
    `<h1>Thanks, ${escapeHtml(card.firstName)} has your details</h1>`,
    `<a class="sv" href="/card/${escapeHtml(card.slug)}/contact.vcf" download>Save ${escapeHtml(card.name)}'s contact</a>`,
    `<p><a class="bk" href="/${escapeHtml(card.slug)}">Back to ${escapeHtml(card.name)}'s card</a></p>`,
    "</main>",
  ].join("");
  return document(`Thanks, ${card.firstName} has your details`, body, site);
}

/** Unknown, deleted and switched-off cards alike: no form. */
export function renderShareUnavailableHtml(site: Site) {
  return document(
    "Page Not Found",
    '<main><h1>Page Not Found</h1><p class="in">There is no form to share your details here.</p></main>',
    site,
  );
}
