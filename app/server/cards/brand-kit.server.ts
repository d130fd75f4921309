// A card's brand kit (My Cards -> Brand kit): an e-mail signature, a video-call background and QR codes for
// print, all pointing at the card's QR address. Only the card's owner, or an owner or admin of the company that
// gave it, may have them. Pictures are drawn once per version of the card and kept in a bounded cache.
import { and, eq } from "drizzle-orm";
import { data } from "react-router";
import { cardPages } from "~/db/schema";
import { designFromStored } from "~/schemas/card-design";
import { AA_TEXT, contrast, nearestWithContrast } from "~/utils/card-design/contrast";
import { escapeHtml } from "~/utils/html";
import type { SessionUser } from "../accounts/session.server";
import type { DbOrTx } from "../platform/db.server";
import type { Config } from "../platform/env.server";
import { DESIGN_IMAGES } from "../platform/images.server";
import { Lru } from "../platform/lru.server";
import { readDesignImage } from "../platform/storage.server";
import { BACKGROUND, backgroundImage, backgroundSvg, qrPng, qrSvg } from "./brand-kit-images.server";
import { cardNumberFrom, heldOrManagedBy } from "./card-access.server";

const WHITE = "#ffffff";
const BLACK = "#000000";

const brandKitColumns = {
  id: cardPages.id,
  cardNumber: cardPages.cardNumber,
  slug: cardPages.slug,
  name: cardPages.name,
  jobTitle: cardPages.jobTitle,
  businessName: cardPages.businessName,
  contactPhone: cardPages.contactPhone,
  design: cardPages.design,
  logoImageUrl: cardPages.logoImageUrl,
  version: cardPages.version,
};
export type BrandKitCard = {
  [K in keyof typeof brandKitColumns]: (typeof cardPages.$inferSelect)[K];
};

/**
 * The card with this number when the account owns it or manages the company that gave it, else a 404 (another
 * customer's card is not told apart from none).
 */
export async function brandKitCard(db: DbOrTx, user: Pick<SessionUser, "id">, rawNumber: string | undefined) {
  const [card] = await db
    .select(brandKitColumns)
    .from(cardPages)
    .where(and(eq(cardPages.cardNumber, cardNumberFrom(rawNumber)), heldOrManagedBy(db, user.id)));
  if (!card) throw data("Card not found", { status: 404 });
  return card;
}

/** What every QR code of the card carries, exactly as routes/card/qr.ts: a visit to it counts as a scan. */
const qrAddress = (publicUrl: string, slug: string) => `${publicUrl}/${slug}?s=qr`;
const cardLink = (publicUrl: string, slug: string) => `${publicUrl}/${slug}`;
/** The public, small QR image the signature shows: mail clients load it without anyone signed in. */
const signatureQrUrl = (publicUrl: string, slug: string) => `${publicUrl}/card/${slug}/qr.png`;

/** The brand colour for a QR code on white paper: used only when it reads as well as text would (AA). */
function printQrColour(design: unknown) {
  const brand = designFromStored(design).brand;
  const ratio = Math.round(contrast(brand, WHITE) * 100) / 100;
  const readable = ratio >= AA_TEXT;
  return { brand, ratio, readable, used: readable ? brand : BLACK };
}

const line = (text: string | null, style: string) =>
  text?.trim() ? `<tr><td dir="auto" style="${style}">${escapeHtml(text.trim())}</td></tr>` : "";

/**
 * The signature as one table with inline styles only: what Gmail, Outlook and Apple Mail keep when it is pasted.
 * Every address is absolute and every text escaped; the phone is text, not a link, so no address is relative.
 */
function signatureHtml(card: BrandKitCard, publicUrl: string) {
  const link = escapeHtml(cardLink(publicUrl, card.slug));
  const shown = escapeHtml(cardLink(publicUrl, card.slug).replace(/^https?:\/\//, ""));
  const accent = nearestWithContrast(designFromStored(card.design).brand, WHITE, AA_TEXT);
  const name = escapeHtml(card.name.trim());
  const muted = "margin:0;padding:0;font-size:13px;color:#4b5563";
  return `<table cellpadding="0" cellspacing="0" border="0" role="presentation" style="border-collapse:collapse;font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.4;color:#111827"><tr><td style="padding:0 14px 0 0;vertical-align:top"><a href="${link}" style="text-decoration:none"><img src="${escapeHtml(signatureQrUrl(publicUrl, card.slug))}" width="88" height="88" alt="QR code of ${name}'s card" style="display:block;border:0;width:88px;height:88px"></a></td><td style="padding:0 0 0 14px;vertical-align:top;border-left:3px solid ${accent}"><table cellpadding="0" cellspacing="0" border="0" role="presentation" style="border-collapse:collapse">${line(card.name, "margin:0;padding:0;font-size:16px;font-weight:bold;color:#111827")}${line(card.jobTitle, muted)}${line(card.businessName, muted)}${line(card.contactPhone, "margin:0;padding:0;font-size:13px;color:#111827")}<tr><td style="margin:0;padding:0;font-size:13px"><a href="${link}" style="color:${accent};text-decoration:underline">${shown}</a></td></tr></table></td></tr></table>`;
}

/** The signature as a file to keep: the same table in a bare document, still without any stylesheet. */
function signatureDocument(card: BrandKitCard, publicUrl: string) {
  return `<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>${escapeHtml(card.name.trim())}: e-mail signature</title></head><body>\n${signatureHtml(card, publicUrl)}\n</body></html>\n`;
}

/** The signature as plain text, for a clipboard or mail client that takes no HTML. */
function signatureText(card: BrandKitCard, publicUrl: string) {
  return [card.name, card.jobTitle, card.businessName, card.contactPhone, cardLink(publicUrl, card.slug)]
    .map((t) => t?.trim())
    .filter(Boolean)
    .join("\n");
}

/** About 60 pictures of up to a few hundred KB each; a request for a version in flight waits for it. */
const drawn = new Lru<string, Promise<Buffer>>(60);

function cached(key: string, draw: () => Promise<Buffer>) {
  let image = drawn.get(key);
  if (!image) {
    image = draw();
    drawn.set(key, image);
    // A failed drawing (the image slots all busy) is not kept: the next request tries again.
    image.catch(() => drawn.delete(key));
  }
  return image;
}

const BRAND_KIT_FILES = ["signature.html", "background.png", "background.jpg", "qr.svg", "qr.png"] as const;
type BrandKitFile = (typeof BRAND_KIT_FILES)[number];

const FILES: Record<BrandKitFile, { type: string; name: string }> = {
  "signature.html": { type: "text/html; charset=utf-8", name: "email-signature.html" },
  "background.png": { type: "image/png", name: "video-background.png" },
  "background.jpg": { type: "image/jpeg", name: "video-background.jpg" },
  "qr.svg": { type: "image/svg+xml", name: "qr.svg" },
  "qr.png": { type: "image/png", name: "qr.png" },
};

/** The card's logo for the middle of its print QR codes (logo only: a face is no mark), or null. */
const printLogo = (card: BrandKitCard, config: Config) =>
  card.logoImageUrl ? readDesignImage(config, card.logoImageUrl, DESIGN_IMAGES.logo.width) : null;

async function fileBody(card: BrandKitCard, file: BrandKitFile, colour: string, config: Config) {
  const { publicUrl } = config;
  const target = qrAddress(publicUrl, card.slug);
  // A new logo is a new version of the card, so the version keys every picture.
  const key = `${card.id}:${card.version}:${publicUrl}:${file}`;
  switch (file) {
    case "signature.html":
      return signatureDocument(card, publicUrl);
    case "qr.svg":
      return cached(`${key}:${colour}`, async () =>
        Buffer.from(await qrSvg(target, colour, await printLogo(card, config))),
      );
    case "qr.png":
      return cached(`${key}:${colour}`, async () => qrPng(target, colour, await printLogo(card, config)));
    default: {
      const link = cardLink(publicUrl, card.slug).replace(/^https?:\/\//, "");
      const format = file === "background.png" ? "png" : "jpg";
      return cached(key, async () => backgroundImage(await backgroundSvg(card, target, link), format));
    }
  }
}

/** One of the brand kit's files, as a download; an unknown name is a 404. */
export async function brandKitFile(
  card: BrandKitCard,
  rawFile: string | undefined,
  url: URL,
  config: Config,
) {
  const file = BRAND_KIT_FILES.find((f) => f === rawFile);
  if (!file) throw data("Not found", { status: 404 });
  const brand = url.searchParams.get("colour") === "brand";
  const colour = brand ? printQrColour(card.design).used : BLACK;
  const body = await fileBody(card, file, colour, config);
  const { type, name } = FILES[file];
  const shade = colour === BLACK ? "qr-black" : "qr-brand";
  const filename = `${card.cardNumber}-${file.startsWith("qr.") ? name.replace("qr", shade) : name}`;
  return new Response(typeof body === "string" ? body : new Uint8Array(body), {
    headers: {
      "Content-Type": type,
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-cache",
      "X-Content-Type-Options": "nosniff",
      // The signature file is kept and opened from disk, never run here: no script, no framing.
      "Content-Security-Policy":
        "default-src 'none'; img-src https: http:; style-src 'unsafe-inline'; sandbox",
    },
  });
}

/** What the Brand kit page shows. */
export function brandKitPageData(card: BrandKitCard, publicUrl: string) {
  const base = `/dashboard/cards/${card.cardNumber}/brand-kit`;
  return {
    card: { cardNumber: card.cardNumber, name: card.name, slug: card.slug },
    qrAddress: qrAddress(publicUrl, card.slug),
    signature: { html: signatureHtml(card, publicUrl), text: signatureText(card, publicUrl) },
    qrColour: printQrColour(card.design),
    qrLogo: card.logoImageUrl !== null,
    background: BACKGROUND,
    files: {
      signature: `${base}/signature.html`,
      backgroundPng: `${base}/background.png?v=${card.version}`,
      backgroundJpg: `${base}/background.jpg?v=${card.version}`,
      qrSvgBlack: `${base}/qr.svg?colour=black`,
      qrPngBlack: `${base}/qr.png?colour=black`,
      qrSvgBrand: `${base}/qr.svg?colour=brand`,
      qrPngBrand: `${base}/qr.png?colour=brand`,
    },
  };
}
