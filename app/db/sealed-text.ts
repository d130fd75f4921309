// A text column sealed at rest: identity providers' settings hold client secrets and keys that better-auth's SSO
// plugin writes and reads through the adapter, so the sealing sits in the column itself. The key is set once at
// start from AUTH_SECRET (createAuth); a value sealed under another secret reads as null (the provider must be
// added again), and nothing is ever written unsealed.
import { customType } from "drizzle-orm/pg-core";
import { seal, unseal } from "./sealing";

const PURPOSE = "tapcard identity provider settings";
let sealingSecret: string | null = null;

export function setColumnSealingSecret(authSecret: string) {
  sealingSecret = authSecret;
}

function secret() {
  if (!sealingSecret) throw new Error("Sealed columns are used before the sealing secret is set");
  return sealingSecret;
}

export const sealedText = customType<{ data: string; driverData: string }>({
  dataType: () => "text",
  toDriver: (value) => seal(secret(), PURPOSE, value),
  fromDriver: (value) => unseal(secret(), PURPOSE, value) as string,
});
