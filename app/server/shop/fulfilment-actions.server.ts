// The admin's 'To write and post' forms: a card written, an order posted, an order delivered.
import { MarkParcelPostedSchema, MarkPostedSchema } from "~/schemas/fulfilment";
import type { SessionUser } from "../accounts/session.server";
import type { Database } from "../platform/db.server";
import type { Config } from "../platform/env.server";
import { unknownIntent } from "../platform/forms.server";
import { dataWithToast, redirectWithToast, refuseWithToast } from "../platform/toast.server";
import {
  FulfilmentError,
  markCardWritten,
  markOrderDelivered,
  markOrderPosted,
  markParcelPosted,
} from "./fulfilment.server";

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
        const parsed = MarkPostedSchema.safeParse(postedFields(form, "orderId"));
        if (!parsed.success) return notPosted(form, "orderId", parsed.error.issues);
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
      case "mark-parcel-posted": {
        const parsed = MarkParcelPostedSchema.safeParse(postedFields(form, "parcelId"));
        if (!parsed.success) return notPosted(form, "parcelId", parsed.error.issues);
        const result = await markParcelPosted(db, parsed.data, actor, { shop: ctx.config.shop.name });
        if (result.changed) ctx.pokeOutbox();
        return redirectWithToast(SECTION, {
          type: result.changed ? "success" : "info",
          title: result.changed ? "Parcel posted" : "Nothing changed",
          description: !result.changed
            ? `That parcel of order ${result.orderNumber} was already posted`
            : result.orderPosted
              ? `Its member has been e-mailed the tracking link, and order ${result.orderNumber} is posted`
              : `Its member has been e-mailed the tracking link`,
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

/** A 'Mark posted' form's fields: the order's or the parcel's id, the carrier and the tracking number. */
function postedFields(form: FormData, idField: "orderId" | "parcelId") {
  return {
    [idField]: form.get(idField) ?? undefined,
    carrier: form.get("carrier") ?? undefined,
    trackingNumber: form.get("trackingNumber") ?? undefined,
  };
}

/** The form back with each field's error, under the id of the order or parcel it was for. */
function notPosted(
  form: FormData,
  idField: "orderId" | "parcelId",
  issues: { path: PropertyKey[]; message: string }[],
) {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return dataWithToast(
    { ok: false as const, orderId: String(form.get(idField) ?? "").slice(0, 40), errors },
    { type: "error", title: "Not posted", description: Object.values(errors)[0]![0]! },
    { status: 400 },
  );
}
