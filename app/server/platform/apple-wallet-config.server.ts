// Apple Wallet's settings (docs/product.md#configuration): all of them or none. Their certificates are checked at
// start, so a pass that Wallet would refuse (an expired certificate, another pass type's, a key that does not
// match) stops the server with one line instead of failing on a customer's phone.
import { createPrivateKey, X509Certificate } from "node:crypto";
import fs from "node:fs";
import { z } from "~/schemas/zod";

// A PEM is a few kilobytes; a path is short. Capped before anything reads it.
const pemOrPath = z.string().trim().max(20_000, "must be at most 20000 characters").optional();

/** The variables, spread into the environment's schema (env.server.ts). */
export const APPLE_WALLET_ENV = {
  APPLE_PASS_TYPE_ID: z.string().trim().max(255, "must be at most 255 characters").optional(),
  APPLE_TEAM_ID: z.string().trim().max(20, "must be at most 20 characters").optional(),
  APPLE_PASS_CERT: pemOrPath,
  APPLE_PASS_KEY: pemOrPath,
  APPLE_PASS_KEY_PASSPHRASE: z.string().max(1000, "must be at most 1000 characters").optional(),
  APPLE_WWDR_CERT: pemOrPath,
  APNS_HOST: z.string().trim().max(200, "must be at most 200 characters").optional(),
};

type AppleEnv = { [K in keyof typeof APPLE_WALLET_ENV]?: string };

const REQUIRED = [
  "APPLE_PASS_TYPE_ID",
  "APPLE_TEAM_ID",
  "APPLE_PASS_CERT",
  "APPLE_PASS_KEY",
  "APPLE_WWDR_CERT",
] as const;

export interface AppleWalletConfig {
  passTypeId: string;
  teamId: string;
  /** PEM text, whichever way it was given. */
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase?: string;
  wwdr: string;
  /** Where update pushes go: APNs' production host unless set (a local stand-in in tests). */
  apnsHost: string;
}

/**
 * The Apple Wallet settings, or null when none is set (the feature is off). `fail` makes the error the caller
 * throws: each message is one line naming the variable, never its value.
 */
export function appleWalletConfig(
  e: AppleEnv,
  fail: (message: string) => Error,
  now = new Date(),
): AppleWalletConfig | null {
  const missing = REQUIRED.filter((name) => !e[name]);
  if (missing.length === REQUIRED.length) return null;
  if (missing.length)
    throw fail(
      `Invalid configuration: ${missing.join(" and ")} must be set too (Apple Wallet needs ${REQUIRED.join(", ")})`,
    );
  const passTypeId = e.APPLE_PASS_TYPE_ID!;
  if (!/^pass\.[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(passTypeId))
    throw fail("Invalid configuration: APPLE_PASS_TYPE_ID must look like pass.com.example.card");
  if (!/^[A-Z0-9]{10}$/.test(e.APPLE_TEAM_ID!))
    throw fail("Invalid configuration: APPLE_TEAM_ID must be the 10-character team identifier");
  const apnsHost = (e.APNS_HOST || "https://api.push.apple.com").replace(/\/+$/, "");
  if (!URL.canParse(apnsHost) || new URL(apnsHost).protocol !== "https:")
    throw fail("Invalid configuration: APNS_HOST must be an https URL");
  const signerCert = pem("APPLE_PASS_CERT", e.APPLE_PASS_CERT!, fail);
  const signerKey = pem("APPLE_PASS_KEY", e.APPLE_PASS_KEY!, fail);
  const wwdr = pem("APPLE_WWDR_CERT", e.APPLE_WWDR_CERT!, fail);
  const cert = certificate("APPLE_PASS_CERT", signerCert, fail, now);
  const issuer = certificate("APPLE_WWDR_CERT", wwdr, fail, now);
  const uid = subjectUid(cert);
  if (uid !== passTypeId)
    throw fail(
      `Invalid configuration: APPLE_PASS_CERT is for pass type ${uid ? `'${uid}'` : "(none)"}, not APPLE_PASS_TYPE_ID '${passTypeId}'`,
    );
  if (!cert.checkIssued(issuer) || !cert.verify(issuer.publicKey))
    throw fail("Invalid configuration: APPLE_PASS_CERT was not issued by APPLE_WWDR_CERT");
  const passphrase = e.APPLE_PASS_KEY_PASSPHRASE || undefined;
  let key: ReturnType<typeof createPrivateKey>;
  try {
    key = createPrivateKey({ key: signerKey, passphrase });
  } catch {
    throw fail(
      "Invalid configuration: APPLE_PASS_KEY is not a private key that APPLE_PASS_KEY_PASSPHRASE opens",
    );
  }
  if (!cert.checkPrivateKey(key))
    throw fail("Invalid configuration: APPLE_PASS_KEY is not the key of APPLE_PASS_CERT");
  return {
    passTypeId,
    teamId: e.APPLE_TEAM_ID!,
    signerCert,
    signerKey,
    signerKeyPassphrase: passphrase,
    wwdr,
    apnsHost,
  };
}

/**
 * A PEM given inline (one line with \n escapes is accepted, as many hosts cannot hold a newline in a variable)
 * or as the path of a PEM file, read once here.
 */
function pem(name: string, value: string, fail: (message: string) => Error) {
  if (value.startsWith("-----BEGIN ")) return `${value.replace(/\\n/g, "\n").trim()}\n`;
  try {
    const text = fs.readFileSync(value, "utf8");
    if (text.includes("-----BEGIN ")) return text;
  } catch {
    throw fail(`Invalid configuration: ${name} is neither a PEM nor the path of a readable PEM file`);
  }
  throw fail(`Invalid configuration: ${name} names a file that holds no PEM`);
}

function certificate(name: string, text: string, fail: (message: string) => Error, now: Date) {
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(text);
  } catch {
    throw fail(`Invalid configuration: ${name} is not a PEM certificate`);
  }
  if (new Date(cert.validTo) <= now)
    throw fail(`Invalid configuration: ${name} expired on ${new Date(cert.validTo).toISOString()}`);
  if (new Date(cert.validFrom) > now)
    throw fail(
      `Invalid configuration: ${name} is not valid before ${new Date(cert.validFrom).toISOString()}`,
    );
  return cert;
}

/** The certificate's pass type identifier: Apple puts it in the subject's UID. */
function subjectUid(cert: X509Certificate) {
  const line = cert.subject.split("\n").find((l) => /^(UID|userId|0\.9\.2342\.19200300\.100\.1\.1)=/.test(l));
  return line ? line.slice(line.indexOf("=") + 1) : null;
}
