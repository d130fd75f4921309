// My Links' forms (add, change, remove a card link), shared by the forms and the action. Each becomes a paid
// update request; the title and URL follow the card form's rules (length caps first, then the URL rules).
import { z } from "~/schemas/zod";
import { CardLinkSchema } from "./card-page";

/** A card or link id as posted: capped, then its shape is checked by the server, which answers 404. */
const postedId = (label: string) =>
  z
    .string({ error: `${label} is missing` })
    .trim()
    .min(1, `${label} is missing`)
    .max(36, "Unknown item");

const link = CardLinkSchema.pick({ title: true, url: true });

export const AddLinkSchema = link.extend({ cardId: postedId("Card") });
export const EditLinkSchema = link.extend({ linkId: postedId("Link") });
export const RemoveLinkSchema = z.object({ linkId: postedId("Link") });

export const MY_LINKS_TABS = [
  { value: "all", label: "All Links" },
  { value: "social", label: "Social" },
  { value: "payment", label: "Payment" },
  { value: "other", label: "Other" },
] as const;
export type MyLinksTab = (typeof MY_LINKS_TABS)[number]["value"];

/** The tab of ?tab=, All Links when missing or unknown. */
export function parseMyLinksTab(value: string | null): MyLinksTab {
  return MY_LINKS_TABS.find((t) => t.value === value)?.value ?? "all";
}
