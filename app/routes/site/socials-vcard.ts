// The company's contact card as a .vcf download, built on the server from the configuration.

import { buildVCard, vCardDisposition } from "~/server/cards/vcard.server";
import { companyVCard } from "~/server/site/company.server";
import type { Route } from "./+types/socials-vcard";

export function loader({ context }: Route.LoaderArgs) {
  const card = companyVCard(context.config);
  return new Response(buildVCard(card), {
    headers: {
      "Content-Type": "text/vcard; charset=utf-8",
      "Content-Disposition": vCardDisposition(card.name),
      "Cache-Control": "private, max-age=300",
    },
  });
}
