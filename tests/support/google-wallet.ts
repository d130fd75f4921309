// A Google Wallet issuer for tests: a service account with a fresh RSA key, as the environment variables give it,
// and the public key that checks what it signs.
import { generateKeyPairSync } from "node:crypto";

export const TEST_WALLET_ISSUER = "3388000000012345678";
export const TEST_WALLET_EMAIL = "wallet@tapcard-test.iam.gserviceaccount.com";

/** tokenUri and apiBase point at a local stand-in for Google when a test needs one. */
export function makeTestGoogleWallet(opts: { tokenUri?: string; apiBase?: string } = {}) {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const serviceAccount = {
    type: "service_account",
    client_email: TEST_WALLET_EMAIL,
    private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    token_uri: opts.tokenUri ?? "https://oauth2.googleapis.com/token",
  };
  const env: Record<string, string> = {
    GOOGLE_WALLET_ISSUER_ID: TEST_WALLET_ISSUER,
    GOOGLE_WALLET_SERVICE_ACCOUNT: JSON.stringify(serviceAccount),
  };
  if (opts.apiBase) env.GOOGLE_WALLET_API_BASE = opts.apiBase;
  return { env, publicKey, serviceAccount };
}
