// The company's own contact card, shared by /socials and its vCard download.

import type { VCardInput } from "../cards/vcard.server";
import type { Config } from "../platform/env.server";

export const COMPANY_BIO =
  "Tap-to-share NFC cards: one tap opens your links on any phone, no app needed. Based in the United Kingdom since 2023.";

export function companyVCard(config: Config): VCardInput {
  return {
    name: config.shop.name,
    organisation: config.shop.name,
    email: config.mail.support,
    phone: config.shop.whatsapp,
    url: `${config.publicUrl}/socials`,
    note: COMPANY_BIO,
  };
}
