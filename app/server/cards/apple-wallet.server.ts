// The only module that imports passkit-generator: a card page as a signed Apple Wallet pass (.pkpass) of the
// generic style, in the card's colours, whose QR code is the card's own QR address (so a scan counts as one).
// The serial number is the card page's id; the pass's web-service token is an HMAC of it (docs/decisions/045).
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { PKPass } from "passkit-generator";
import { cardPages } from "~/db/schema";
import { designFromStored } from "~/schemas/card-design";
import { paletteOf } from "~/utils/card-design/design";
import { isUuid } from "~/utils/ids";
import type { AppleWalletConfig } from "../platform/apple-wallet-config.server";
import type { DbOrTx } from "../platform/db.server";
import type { Config } from "../platform/env.server";
import { DESIGN_IMAGES, drawPng, squarePng } from "../platform/images.server";
import { readDesignImage, readProfileJpeg } from "../platform/storage.server";
import { type WalletCardRow, walletCardColumns } from "./card-access.server";

export const PKPASS_TYPE = "application/vnd.apple.pkpass";

export type PassCard = WalletCardRow;

/** The card page behind a pass's serial number, or null when there is none (any more). */
export async function passCard(db: DbOrTx, serial: string): Promise<PassCard | null> {
  if (!isUuid(serial)) return null;
  const [card] = await db.select(walletCardColumns).from(cardPages).where(eq(cardPages.id, serial));
  return card ?? null;
}

/** The pass's web-service token: nothing stored, and it changes only with AUTH_SECRET. */
export function passAuthToken(authSecret: string, serial: string) {
  return createHmac("sha256", authSecret).update(`apple-wallet-pass:${serial}`).digest("base64url");
}

/** Whether an 'Authorization: ApplePass <token>' header carries this serial's token (compared in constant time). */
export function isPassAuthorized(authSecret: string, serial: string, header: string | null) {
  const match = /^ApplePass ([A-Za-z0-9_-]{1,100})$/.exec((header ?? "").slice(0, 120));
  if (!match) return false;
  const given = Buffer.from(match[1]!);
  const expected = Buffer.from(passAuthToken(authSecret, serial));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** What Wallet shows and reads: the pass's web service is the app's own (Apple appends v1/...). */
function passWebServiceUrl(publicUrl: string) {
  return `${publicUrl}/api/passes/`;
}

/** The card's QR address, as its printed QR code carries it (routes/card/qr.ts). */
const cardQrAddress = (publicUrl: string, slug: string) => `${publicUrl}/${slug}?s=qr`;

const rgb = (hex: string) => {
  const n = Number.parseInt(hex.replace("#", "").slice(0, 6), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

/**
 * The signed .pkpass of a card, or, for a card deleted since its pass was added (`card` null), the same serial's
 * pass voided: Wallet then greys it out and stops offering its code.
 */
export async function buildApplePass(
  config: Config & { appleWallet: AppleWalletConfig },
  serial: string,
  card: PassCard | null,
): Promise<Buffer> {
  const apple = config.appleWallet;
  const design = designFromStored(card?.design);
  const palette = paletteOf(design, design.variant === "dark" ? "dark" : "light");
  const pass = new PKPass(
    {},
    {
      wwdr: apple.wwdr,
      signerCert: apple.signerCert,
      signerKey: apple.signerKey,
      signerKeyPassphrase: apple.signerKeyPassphrase,
    },
    {
      passTypeIdentifier: apple.passTypeId,
      teamIdentifier: apple.teamId,
      serialNumber: serial,
      organizationName: config.shop.name,
      description: card ? `${card.name}'s card` : "A card that was removed",
      logoText: card ? (card.businessName ?? card.name) : config.shop.name,
      // The brand colour as the page's filled buttons use it, with their text colour (contrast kept at AA).
      backgroundColor: rgb(palette.accent),
      foregroundColor: rgb(palette.onAccent),
      labelColor: rgb(palette.onAccent),
      webServiceURL: passWebServiceUrl(config.publicUrl),
      authenticationToken: passAuthToken(config.authSecret, serial),
      sharingProhibited: false,
      ...(card ? {} : { voided: true }),
    },
  );
  pass.type = "generic";
  if (card) {
    const address = cardQrAddress(config.publicUrl, card.slug);
    pass.primaryFields.push({ key: "name", label: "Name", value: card.name });
    if (card.jobTitle) pass.secondaryFields.push({ key: "title", label: "Title", value: card.jobTitle });
    if (card.businessName)
      pass.secondaryFields.push({ key: "company", label: "Company", value: card.businessName });
    pass.backFields.push({ key: "page", label: "Card page", value: `${config.publicUrl}/${card.slug}` });
    pass.setBarcodes({ format: "PKBarcodeFormatQR", message: address, messageEncoding: "iso-8859-1" });
  } else {
    pass.primaryFields.push({ key: "name", label: "Card", value: "Removed" });
  }
  for (const [file, png] of Object.entries(await passImages(config, card, palette.accent, palette.onAccent)))
    pass.addBuffer(file, png);
  return pass.getAsBuffer();
}

/** The icon (required), the photo as the thumbnail and the logo, each at the sizes Wallet asks for, as PNG. */
async function passImages(config: Config, card: PassCard | null, accent: string, onAccent: string) {
  const files: Record<string, Buffer> = {};
  const initial = (card?.name.trim().charAt(0).toUpperCase() || "T").replace(/[<>&"']/g, "?");
  for (const [suffix, size] of [
    ["", 29],
    ["@2x", 58],
    ["@3x", 87],
  ] as const)
    files[`icon${suffix}.png`] = await drawPng(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="100%" height="100%" fill="${accent}"/><text x="50%" y="50%" dy=".35em" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="${Math.round(size * 0.6)}" fill="${onAccent}">${initial}</text></svg>`,
    );
  if (!card) return files;
  // Wallet takes each picture at 1x and 2x.
  const atBothScales = async (name: string, image: Buffer, size: number) => {
    files[`${name}.png`] = await squarePng(image, size);
    files[`${name}@2x.png`] = await squarePng(image, size * 2);
  };
  const photo = card.profileImageUrl ? await readProfileJpeg(config, card.profileImageUrl) : null;
  if (photo) await atBothScales("thumbnail", photo, 90);
  const logo = card.logoImageUrl
    ? await readDesignImage(config, card.logoImageUrl, DESIGN_IMAGES.logo.width)
    : null;
  // The logo area is at most 160 x 50 points; a square logo takes 50 x 50.
  if (logo) await atBothScales("logo", logo, 50);
  return files;
}
