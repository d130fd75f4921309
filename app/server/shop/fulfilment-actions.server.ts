// The admin's 'To write and post' forms: a card written, an order posted, an order delivered.
import { MarkPostedSchema } from "~/schemas/fulfilment";
import type { SessionUser } from "../accounts/session.server";
import type { Database } from "../platform/db.server";
import type { Config } from "../platform/env.server";
import { unknownIntent } from "../platform/forms.server";
import { dataWithToast, redirectWithToast, refuseWithToast } from "../platform/toast.server";
import { FulfilmentError, markCardWritten, markOrderDelivered, markOrderPosted } from "./fulfilment.server";

const SECTION = "/admin-dashboard/fulfilment";

export async function handleFulfilmentAction(
  db: Database,
  form: FormData,
  ctx: { admin: SessionUser; config: Config; pokeOutbox: () => void },
) {
  const intent = String(form.get("intent") ?? "");
  const actor = { userId: ctx.admin.id, label: ctx.admin.email };
  try {
    switch (intent) {
      case "mark-written": {
        const result = await markCardWritten(
          db,
          {
            kind: String(form.get("kind") ?? "").slice(0, 20),
            id: String(form.get("cardId") ?? "").slice(0, 40),
          },
          actor,
        );
        return redirectWithToast(SECTION, {
          type: result.changed ? "success" : "info",
          title: result.changed ? "Card written" : "Nothing changed",
          description: `Card ${result.cardNumber} of order ${result.orderNumber} ${result.changed ? "is written" : "was already written"}`,
        });
      }
      case "mark-posted": {
        const parsed = MarkPostedSchema.safeParse({
          orderId: form.get("orderId") ?? undefined,
          carrier: form.get("carrier") ?? undefined,
          trackingNumber: form.get("trackingNumber") ?? undefined,
        });
        if (!parsed.success) {
          const errors: Record<string, string[]> = {};
          for (const issue of parsed.error.issues) {
            const field = String(issue.path[0] ?? "form");
            errors[field] = [...(errors[field] ?? []), issue.message];
          }
          return dataWithToast(
            { ok: false as const, orderId: String(form.get("orderId") ?? "").slice(0, 40), errors },
            { type: "error", title: "Not posted", description: Object.values(errors)[0]![0]! },
            { status: 400 },
          );
        }
        const result = await markOrderPosted(db, parsed.data, actor, { shop: ctx.config.shop.name });
        if (result.changed) ctx.pokeOutbox();
        return redirectWithToast(SECTION, {
          type: result.changed ? "success" : "info",
          title: result.changed ? "Order posted" : "Nothing changed",
          description: result.changed
            ? `Order ${result.orderNumber} is posted and the customer has been e-mailed the tracking link`
            : `Order ${result.orderNumber} was already posted`,
        });
      }
      case "mark-delivered": {
        const notify = form.get("notify") === "on";
        const result = await markOrderDelivered(db, String(form.get("orderId") ?? "").slice(0, 40), actor, {
          shop: ctx.config.shop.name,
          notify,
        });
        if (notify) ctx.pokeOutbox();
        return redirectWithToast(SECTION, {
          type: "success",
          title: "Order delivered",
          description: `Order ${result.orderNumber} is delivered and completed`,
        });
      }
      default:
        return unknownIntent();
    }
  } catch (error) {
    if (error instanceof FulfilmentError) return refuseWithToast(error.message, error.status);
    throw error;
  }
}
