// Save to Google Wallet's start checks: both variables or neither, the key inline or in a file, and a message that
// names the variable and never quotes the key.
import { generateKeyPairSync } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env.server";

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "google-wallet-config-"));
const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const key = {
  type: "service_account",
  client_email: "wallet@tapcard-test.iam.gserviceaccount.com",
  private_key: pem,
  token_uri: "https://oauth2.googleapis.com/token",
};

function configError(env: Record<string, string>) {
  try {
    loadConfig({ DATA_DIR: tmp(), ...env });
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    const message = (e as Error).message;
    expect(message).not.toContain("\n");
    expect(message).not.toContain("PRIVATE KEY");
    return message;
  }
  throw new Error("the configuration was accepted");
}

describe("Google Wallet configuration", () => {
  it("is off when neither variable is set", () => {
    expect(loadConfig({ DATA_DIR: tmp() }).googleWallet).toBeNull();
  });

  it("takes the key inline or as a file's path, and the API's address", () => {
    const inline = loadConfig({
      DATA_DIR: tmp(),
      GOOGLE_WALLET_ISSUER_ID: "3388000000012345678",
      GOOGLE_WALLET_SERVICE_ACCOUNT: JSON.stringify(key),
    }).googleWallet;
    expect(inline).toMatchObject({
      issuerId: "3388000000012345678",
      apiBase: "https://walletobjects.googleapis.com/walletobjects/v1",
      serviceAccount: { clientEmail: key.client_email, tokenUri: key.token_uri },
    });
    expect(inline?.serviceAccount.privateKey.asymmetricKeyType).toBe("rsa");
    const file = path.join(tmp(), "key.json");
    fs.writeFileSync(file, JSON.stringify(key));
    const fromFile = loadConfig({
      DATA_DIR: tmp(),
      GOOGLE_WALLET_ISSUER_ID: "1",
      GOOGLE_WALLET_SERVICE_ACCOUNT: file,
      GOOGLE_WALLET_API_BASE: "http://127.0.0.1:9999/v1/",
    }).googleWallet;
    expect(fromFile?.serviceAccount.clientEmail).toBe(key.client_email);
    expect(fromFile?.apiBase).toBe("http://127.0.0.1:9999/v1");
  });

  it("refuses one variable without the other, naming the missing one", () => {
    expect(configError({ GOOGLE_WALLET_ISSUER_ID: "123" })).toBe(
      "Invalid configuration: GOOGLE_WALLET_SERVICE_ACCOUNT is required when GOOGLE_WALLET_ISSUER_ID is set",
    );
    expect(configError({ GOOGLE_WALLET_SERVICE_ACCOUNT: JSON.stringify(key) })).toBe(
      "Invalid configuration: GOOGLE_WALLET_ISSUER_ID is required when GOOGLE_WALLET_SERVICE_ACCOUNT is set",
    );
    expect(
      configError({ GOOGLE_WALLET_ISSUER_ID: "abc", GOOGLE_WALLET_SERVICE_ACCOUNT: JSON.stringify(key) }),
    ).toMatch(/^Invalid configuration: GOOGLE_WALLET_ISSUER_ID must be the issuer's number/);
    expect(
      configError({
        GOOGLE_WALLET_ISSUER_ID: "123",
        GOOGLE_WALLET_SERVICE_ACCOUNT: JSON.stringify(key),
        GOOGLE_WALLET_API_BASE: "walletobjects",
      }),
    ).toBe("Invalid configuration: GOOGLE_WALLET_API_BASE must be an http(s) URL (the Google Wallet API)");
  });

  it("says clearly what is wrong with a key it cannot use", () => {
    const wallet = (value: string) =>
      configError({ GOOGLE_WALLET_ISSUER_ID: "123", GOOGLE_WALLET_SERVICE_ACCOUNT: value });
    expect(wallet("{not json")).toMatch(
      /^Invalid configuration: GOOGLE_WALLET_SERVICE_ACCOUNT is not valid JSON/,
    );
    expect(wallet(path.join(tmp(), "missing.json"))).toMatch(
      /^Invalid configuration: GOOGLE_WALLET_SERVICE_ACCOUNT names a file that cannot be read/,
    );
    expect(wallet(JSON.stringify({ ...key, client_email: undefined }))).toMatch(
      /client_email is missing or wrong/,
    );
    expect(wallet(JSON.stringify({ ...key, token_uri: "ftp://x" }))).toMatch(/token_uri is missing or wrong/);
    expect(
      wallet(
        JSON.stringify({
          ...key,
          private_key: "-----BEGIN PRIVATE KEY-----\nnope\n-----END PRIVATE KEY-----\n",
        }),
      ),
    ).toBe(
      "Invalid configuration: GOOGLE_WALLET_SERVICE_ACCOUNT has a private_key that is not a PEM private key",
    );
    const ec = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({
      type: "pkcs8",
      format: "pem",
    });
    expect(wallet(JSON.stringify({ ...key, private_key: ec.toString() }))).toMatch(/not an RSA key/);
  });
});
