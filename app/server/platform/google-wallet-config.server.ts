// Save to Google Wallet's configuration, read at start: the issuer's number and its service account's JSON key
// (GOOGLE_WALLET_SERVICE_ACCOUNT: the JSON itself, or the path of the file that holds it), so a bad key stops the
// server instead of failing the first save link.
import { createPrivateKey, type KeyObject } from "node:crypto";
import fs from "node:fs";
import { z } from "~/schemas/zod";

export interface GoogleServiceAccount {
  clientEmail: string;
  /** A KeyObject, not the PEM text: logged by mistake it shows no key material. */
  privateKey: KeyObject;
  tokenUri: string;
}

const KeySchema = z.object({
  client_email: z.email(),
  private_key: z.string().min(1),
  token_uri: z.url({ protocol: /^https?$/ }),
});

const API_BASE = "https://walletobjects.googleapis.com/walletobjects/v1";
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .transform((v) => v || undefined)
    .optional();

/** The variables, spread into env.server.ts's schema; an empty one counts as unset. */
export const GOOGLE_WALLET_ENV = {
  GOOGLE_WALLET_ISSUER_ID: text(30),
  GOOGLE_WALLET_SERVICE_ACCOUNT: text(20_000),
  GOOGLE_WALLET_API_BASE: text(200),
};

type GoogleEnv = { [K in keyof typeof GOOGLE_WALLET_ENV]?: string };

/**
 * Null when neither variable is set (off: no button); `fail`s with one line naming the variable when one is
 * missing or bad. The line never quotes the key.
 */
export function googleWalletConfig(e: GoogleEnv, fail: (message: string) => Error) {
  const { GOOGLE_WALLET_ISSUER_ID: issuerId, GOOGLE_WALLET_SERVICE_ACCOUNT: key } = e;
  const apiBase = e.GOOGLE_WALLET_API_BASE || API_BASE;
  const invalid = (message: string) => fail(`Invalid configuration: ${message}`);
  if (!issuerId && !key) return null;
  if (!key) throw invalid("GOOGLE_WALLET_SERVICE_ACCOUNT is required when GOOGLE_WALLET_ISSUER_ID is set");
  if (!issuerId)
    throw invalid("GOOGLE_WALLET_ISSUER_ID is required when GOOGLE_WALLET_SERVICE_ACCOUNT is set");
  if (!/^\d{1,30}$/.test(issuerId))
    throw invalid(
      "GOOGLE_WALLET_ISSUER_ID must be the issuer's number (from the Google Pay & Wallet Console)",
    );
  if (!URL.canParse(apiBase) || !/^https?:$/.test(new URL(apiBase).protocol))
    throw invalid("GOOGLE_WALLET_API_BASE must be an http(s) URL (the Google Wallet API)");
  try {
    return { issuerId, serviceAccount: readServiceAccount(key), apiBase: apiBase.replace(/\/+$/, "") };
  } catch (error) {
    throw invalid(`GOOGLE_WALLET_SERVICE_ACCOUNT ${(error as Error).message}`);
  }
}

export type GoogleWalletConfig = NonNullable<ReturnType<typeof googleWalletConfig>>;

/** The key, or an Error whose message says what is wrong with it and never quotes it. */
function readServiceAccount(value: string): GoogleServiceAccount {
  let text = value;
  if (!value.startsWith("{")) {
    try {
      text = fs.readFileSync(value, "utf8");
    } catch {
      throw new Error("names a file that cannot be read (give the key's JSON or the path of its file)");
    }
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error("is not valid JSON (give the service account's JSON key or the path of its file)");
  }
  const parsed = KeySchema.safeParse(json);
  if (!parsed.success)
    throw new Error(
      `must be a service account key with client_email, private_key and token_uri (${String(parsed.error.issues[0]!.path[0])} is missing or wrong)`,
    );
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(parsed.data.private_key);
  } catch {
    throw new Error("has a private_key that is not a PEM private key");
  }
  if (privateKey.asymmetricKeyType !== "rsa") throw new Error("has a private_key that is not an RSA key");
  return { clientEmail: parsed.data.client_email, privateKey, tokenUri: parsed.data.token_uri };
}
