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
