// The card owner's and the admin's changes to a card's state (pause, report lost, turn a card back on, order a
// replacement): one schema per form, shared by the forms and the actions.
import { z } from "~/schemas/zod";

// Capped before the pattern sees it.
const uuid = z.string().max(36, "Unknown card").pipe(z.uuid("Unknown card"));
/** A physical card with its own chip address, or 'older': the cards written with the page's own address. */
const physicalCard = z.union([z.literal("older"), uuid]);

export const CardLifecycleSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("pause") }),
  z.object({ intent: z.literal("resume") }),
  z.object({
    intent: z.literal("report-lost"),
    physicalCardId: physicalCard,
    /** 'card': only the lost card stops opening the page; 'page': the whole page is paused. */
    choice: z.enum(["card", "page"], { message: "Choose what to turn off" }),
  }),
  z.object({ intent: z.literal("card-on"), physicalCardId: physicalCard }),
  z.object({
    intent: z.literal("order-replacement"),
    physicalCardId: physicalCard,
    /** Turn the lost card off now, rather than when the replacement is written. */
    turnOffNow: z.literal("on").optional(),
  }),
]);
export type CardLifecycleInput = z.infer<typeof CardLifecycleSchema>;

/** The admin's own: mark a card written (or not), turn any card off or on, pause or resume the page. */
export const AdminCardLifecycleSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("pause") }),
  z.object({ intent: z.literal("resume") }),
  z.object({ intent: z.literal("card-off"), physicalCardId: physicalCard }),
  z.object({ intent: z.literal("card-on"), physicalCardId: physicalCard }),
  z.object({ intent: z.literal("mark-written"), physicalCardId: uuid }),
  z.object({ intent: z.literal("mark-not-written"), physicalCardId: uuid }),
  z.object({ intent: z.literal("add-card") }),
]);
