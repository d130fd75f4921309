// The one module that talks to Google Wallet: a card as a generic pass object, the signed 'Save to Google Wallet'
// link, and the REST calls that keep a saved pass in step with its card (docs/decisions/046-google-wallet-passes.md).
import { SignJWT } from "jose";
import { designFromStored } from "~/schemas/card-design";
import { paletteOf } from "~/utils/card-design/design";
import type { GoogleServiceAccount, GoogleWalletConfig } from "../platform/google-wallet-config.server";

const SCOPE = "https://www.googleapis.com/auth/wallet_object.issuer";
const SAVE_URL = "https://pay.google.com/gp/v/save/";
const TIMEOUT_MS = 10_000;
const LANGUAGE = "en-GB";

/** What a pass shows of a card. */
export interface WalletCard {
  id: string;
  slug: string;
  name: string;
  jobTitle: string | null;
  businessName: string | null;
  profileImageUrl: string | null;
  logoImageUrl: string | null;
  design: unknown;
}

/** A card's pass keeps its id for the card's life: the card page's id, which never changes. */
const walletObjectId = (wallet: GoogleWalletConfig, cardPageId: string) =>
  `${wallet.issuerId}.card-${cardPageId}`;

/** Every card shares one class: the shop's. */
const walletClassId = (wallet: GoogleWalletConfig) => `${wallet.issuerId}.tapcard`;

const text = (value: string) => ({ defaultValue: { language: LANGUAGE, value } });

/** Google fetches a pass's images itself, so only an absolute https address will do. */
function absoluteHttps(url: string | null, publicUrl: string) {
  if (!url) return null;
  const absolute = new URL(url, `${publicUrl}/`);
  return absolute.protocol === "https:" ? absolute.href : null;
}

/** The fields of a card's pass that follow the card (sent again on every change). */
export function passFields(card: WalletCard, opts: { publicUrl: string; shopName: string }) {
  const design = designFromStored(card.design);
  const palette = paletteOf(design, design.variant === "dark" ? "dark" : "light");
  const image = absoluteHttps(card.profileImageUrl ?? card.logoImageUrl, opts.publicUrl);
  const pageUrl = `${opts.publicUrl}/${card.slug}`;
  return {
    state: "ACTIVE",
    cardTitle: text(card.businessName || opts.shopName),
    header: text(card.name),
    ...(card.jobTitle ? { subheader: text(card.jobTitle) } : {}),
    ...(image ? { logo: { sourceUri: { uri: image }, contentDescription: text(card.name) } } : {}),
    // The brand colour, as on the Apple pass: one card looks the same in both wallets.
    hexBackgroundColor: palette.accent,
    // The card's QR address as its QR code carries it (routes/card/qr.ts), so scans count as scans.
    barcode: {
      type: "QR_CODE",
      value: `${pageUrl}?s=qr`,
      alternateText: pageUrl.replace(/^https?:\/\//, ""),
    },
    linksModuleData: { uris: [{ id: "card-page", uri: pageUrl, description: "Card page" }] },
  };
}

/** The 'Save to Google Wallet' address: a JWT signed with the service account's key, holding the whole pass. */
export async function saveLink(
  wallet: GoogleWalletConfig,
  card: WalletCard,
  opts: { publicUrl: string; shopName: string },
) {
  const object = {
    id: walletObjectId(wallet, card.id),
    classId: walletClassId(wallet),
    ...passFields(card, opts),
  };
  const jwt = await new SignJWT({
    typ: "savetowallet",
    origins: [new URL(opts.publicUrl).origin],
    payload: { genericClasses: [{ id: walletClassId(wallet) }], genericObjects: [object] },
  })
    .setProtectedHeader({ alg: "RS256", typ: "JWT" })
    .setIssuer(wallet.serviceAccount.clientEmail)
    .setAudience("google")
    .setIssuedAt()
    .sign(wallet.serviceAccount.privateKey);
  return SAVE_URL + jwt;
}

/** One access token at a time (one service account): reused until a minute before it expires. */
let cachedToken: { clientEmail: string; token: Promise<string>; expiresAt: number } | null = null;

async function requestToken(account: GoogleServiceAccount) {
  const assertion = await new SignJWT({ scope: SCOPE })
    .setProtectedHeader({ alg: "RS256", typ: "JWT" })
    .setIssuer(account.clientEmail)
    .setAudience(account.tokenUri)
    .setIssuedAt()
    .setExpirationTime("1h")
    .sign(account.privateKey);
  const response = await fetch(account.tokenUri, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`Google's token endpoint answered ${response.status}`);
  const body = (await response.json()) as { access_token?: unknown; expires_in?: unknown };
  if (typeof body.access_token !== "string") throw new Error("Google's token endpoint sent no access token");
  const seconds = typeof body.expires_in === "number" ? body.expires_in : 3600;
  return { token: body.access_token, expiresAt: Date.now() + (seconds - 60) * 1000 };
}

function accessToken(account: GoogleServiceAccount) {
  const now = Date.now();
  if (cachedToken && cachedToken.clientEmail === account.clientEmail && cachedToken.expiresAt > now)
    return cachedToken.token;
  const pending = requestToken(account);
  // Until it answers, callers share the request; a failure is not kept.
  const entry = {
    clientEmail: account.clientEmail,
    token: pending.then((t) => t.token),
    expiresAt: now + 30_000,
  };
  cachedToken = entry;
  pending.then(
    (t) => {
      if (cachedToken === entry) entry.expiresAt = t.expiresAt;
    },
    () => {
      if (cachedToken === entry) cachedToken = null;
    },
  );
  return entry.token;
}

/**
 * Changes a saved pass. Resolves false when Google has no such pass (its owner never saved it), true when it was
 * changed; throws on any other answer.
 */
export async function patchPass(wallet: GoogleWalletConfig, cardPageId: string, fields: object) {
  const token = await accessToken(wallet.serviceAccount);
  const id = encodeURIComponent(walletObjectId(wallet, cardPageId));
  const response = await fetch(`${wallet.apiBase}/genericObject/${id}`, {
    method: "PATCH",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(fields),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  await response.body?.cancel();
  if (response.status === 404) return false;
  // A token Google no longer takes is asked for again next time.
  if (response.status === 401) cachedToken = null;
  if (!response.ok) throw new Error(`Google Wallet answered ${response.status}`);
  return true;
}

/** A deleted card's pass is voided: it stays in the holder's wallet, shown as no longer valid. */
export const voidedPass = { state: "INACTIVE" } as const;
