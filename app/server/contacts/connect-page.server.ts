// /{slug}/connect as responses: the form (GET), the thanks (GET ?sent=1) and the post. Unknown, deleted,
// switched-off, ownerless and paused cards answer the same 404 page and a post to them writes nothing at all.
import type { AppLoadContext } from "react-router";
import { SHARE_FIELDS, ShareContactSchema, type ShareField } from "~/schemas/contact-exchange";
import { parseSource } from "~/utils/card-links";
import { readFormData } from "../platform/forms.server";
import {
  CONNECT_PAGE_CSP,
  renderShareFormHtml,
  renderShareThanksHtml,
  renderShareUnavailableHtml,
  type ShareFormState,
} from "./connect-html.server";
import {
  allowShare,
  checkFormStamp,
  findShareCard,
  firstName,
  formStamp,
  type ShareCard,
  shareContact,
} from "./exchange.server";

type Context = Pick<AppLoadContext, "db" | "config" | "clientIp" | "pokeOutbox" | "pokeWebhooks" | "logger">;

export const SHARE_REFUSED = {
  tooFast: "That was quick. Please check your details and send them again.",
  expired: "This form has expired. Please check your details and send them again.",
  tooMany: "Too many details have been shared from here. Please try again later.",
  cardFull: "Too many details have been shared with this card today. Please try again tomorrow.",
} as const;

/** A field no person sees; simple bots fill it in. */
const HONEYPOT = "website";

function html(body: string, status = 200) {
  return new Response(body, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": CONNECT_PAGE_CSP,
      // The form carries a time stamp, so it is never served from a cache.
      "Cache-Control": "no-store",
    },
  });
}

const site = (context: Context) => ({
  siteName: context.config.shop.name,
  publicUrl: context.config.publicUrl,
});

const unavailable = (context: Context) => html(renderShareUnavailableHtml(site(context)), 404);

function formPage(
  context: Context,
  card: ShareCard,
  source: ReturnType<typeof parseSource>,
  state: ShareFormState,
  status = 200,
  /** A valid stamp the post carried: kept, so correcting a field does not mean waiting again. */
  keptStamp?: string,
) {
  const stamp = keptStamp ?? formStamp(context.config.authSecret, card.slug);
  return html(renderShareFormHtml(card, { ...site(context), stamp, source, state }), status);
}

export async function connectPage(context: Context, request: Request, slug: string) {
  const card = await findShareCard(context.db, slug);
  if (!card) return unavailable(context);
  const url = new URL(request.url);
  if (url.searchParams.has("sent"))
    return html(renderShareThanksHtml({ ...card, firstName: firstName(card.name) }, site(context)));
  return formPage(context, card, parseSource(url.searchParams.get("s")), { values: {}, errors: {} });
}

/** What was typed, capped, for showing again; the checkbox as 'on' or nothing. */
function typedValues(form: FormData) {
  const values: Partial<Record<ShareField, string>> = {};
  for (const name of SHARE_FIELDS) {
    const v = form.get(name);
    if (typeof v === "string") values[name] = v.slice(0, 2000);
  }
  return values;
}

export async function connectPost(context: Context, request: Request, slug: string) {
  const card = await findShareCard(context.db, slug);
  // Read only for a card that takes shares: a post anywhere else is answered before its body is looked at.
  if (!card) return unavailable(context);
  const form = await readFormData(request);
  const source = parseSource(String(form.get("source") ?? "").slice(0, 8));
  const values = typedValues(form);
  const sent = Response.redirect(new URL(`/${card.slug}/connect?sent=1`, context.config.publicUrl), 303);

  // Bots get the same answer as people, so they learn nothing; nothing is stored or sent.
  if (String(form.get(HONEYPOT) ?? "") !== "") {
    context.logger.info("contact exchange: honeypot filled, share dropped");
    return sent;
  }
  const posted = form.get("stamp");
  const stamp = checkFormStamp(context.config.authSecret, card.slug, posted);
  if (stamp !== "ok") {
    const formError = stamp === "too-fast" ? SHARE_REFUSED.tooFast : SHARE_REFUSED.expired;
    return formPage(context, card, source, { values, errors: {}, formError }, 400);
  }
  const parsed = ShareContactSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const errors: ShareFormState["errors"] = {};
    for (const issue of parsed.error.issues) {
      const name = issue.path[0] as ShareField;
      if (SHARE_FIELDS.includes(name)) errors[name] ??= issue.message;
    }
    return formPage(context, card, source, { values, errors }, 400, String(posted));
  }
  const allowance = await allowShare(context.db, context.clientIp, card.id);
  if (allowance === "address-limited" || allowance === "card-full") {
    const formError = allowance === "card-full" ? SHARE_REFUSED.cardFull : SHARE_REFUSED.tooMany;
    return formPage(context, card, source, { values, errors: {}, formError }, 429);
  }

  await shareContact(context.db, {
    card,
    input: parsed.data,
    source,
    publicUrl: context.config.publicUrl,
    shopName: context.config.shop.name,
    // Over the card's daily cap: kept for the owner's review, and the visitor is thanked as anyone is.
    held: allowance === "held",
  });
  context.pokeOutbox();
  context.pokeWebhooks();
  // Post/redirect/get: a reload does not share twice.
  return sent;
}
