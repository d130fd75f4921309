// The company's contact card as a .vcf download, built on the server from the configuration.
import { companyVCard } from "~/server/company.server";
import { vCardResponse } from "~/server/vcard.server";
import type { Route } from "./+types/socials-vcard";

export function loader({ context }: Route.LoaderArgs) {
  return vCardResponse(companyVCard(context.config));
}
