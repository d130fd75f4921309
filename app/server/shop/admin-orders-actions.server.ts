// The admin's order actions: status buttons, 'Mark paid', card page from an order, update-request review.

import { and, eq } from "drizzle-orm";
import { orderItems, orders } from "~/db/schema";
import { utcDay } from "~/utils/dates";
import { isUuid } from "~/utils/ids";
import { formatPence } from "~/utils/money";
import type { SessionUser } from "../accounts/session.server";
import { scanActivity } from "../cards/card-stats.server";
import { CardPageError } from "../cards/cards.server";
import { announceCardPagesChanged } from "../cards/changes.server";
import type { Database } from "../platform/db.server";
import type { Config } from "../platform/env.server";
import { unknownIntent } from "../platform/forms.server";
import { cursorFromUrl } from "../platform/keyset.server";
import { redirectWithToast, refuseWithToast } from "../platform/toast.server";
import { getEarnings, getOrderForAdmin, listOrders } from "./admin-orders.server";
import { parcelCounts } from "./member-parcels.server";
import { cardOwnerForOrder, createItemPages } from "./order-card-pages.server";
import { type AdminStatus, getOrder, OrderStatusError, setAdminStatus } from "./orders.server";
import { markOrderPaid } from "./payments/paid-pipeline.server";
import { refundOrder } from "./refunds.server";
import { listUpdateRequestQueue, ReviewError, reviewUpdateRequest } from "./update-requests.server";

export async function loadOrdersSection(db: Database, url: URL) {
  const orderId = url.searchParams.get("order");
  return {
    list: await listOrders(db, {
      q: url.searchParams.get("q") ?? "",
      status: url.searchParams.get("status") ?? "",
      ...cursorFromUrl(url),
    }),
    selected: orderId ? await selectedOrder(db, orderId) : null,
    queue: await listUpdateRequestQueue(db),
  };
}

/** The order opened, with how many parcels it posts to members (then its address is the invoice's). */
async function selectedOrder(db: Database, orderId: string) {
  const order = await getOrderForAdmin(db, orderId);
  if (!order) return null;
  return { ...order, memberParcels: (await parcelCounts(db, [order.id])).get(order.id)?.count ?? 0 };
}

/** The Earnings tab: the figures per month, and views per day across every card page. */
export async function loadEarningsSection(db: Database, today = utcDay()) {
  return { ...(await getEarnings(db, today)), views: await scanActivity(db, {}, today) };
}

/** The statuses of an order whose payment arrived. */
const PAID_STATUSES: string[] = ["paid", "completed"];

function back(form: FormData) {
  const to = String(form.get("returnTo") ?? "");
  return to.startsWith("/admin-dashboard") ? to : "/admin-dashboard/orders";
}

export async function handleOrdersSectionAction(
  db: Database,
  form: FormData,
  ctx: { admin: SessionUser; config: Config; pokeOutbox: () => void },
) {
  const intent = String(form.get("intent") ?? "");
  const actor = { userId: ctx.admin.id, label: ctx.admin.email };
  const orderId = String(form.get("orderId") ?? "");
  switch (intent) {
    case "order-status": {
      const target = String(form.get("status"));
      if (!["pending", "completed", "refunded"].includes(target)) return refuseWithToast("Unknown status");
      try {
        if (target === "refunded") {
          const order = await refundOrder(db, orderId, actor, ctx.config);
          if (!order.changed)
            return redirectWithToast(back(form), {
              type: "info",
              title: "Nothing changed",
              description: `Order ${order.orderNumber} was already refunded`,
            });
          ctx.pokeOutbox();
          return redirectWithToast(back(form), {
            type: "success",
            title: "Order refunded",
            description:
              order.via === "card"
                ? `Order ${order.orderNumber}: ${formatPence(order.amount)} refunded through Stripe`
                : `Order ${order.orderNumber} marked as refunded: ${formatPence(order.amount)} sent back by bank transfer`,
          });
        }
        const order = await setAdminStatus(db, orderId, target as AdminStatus, actor);
        return redirectWithToast(back(form), {
          type: order.changed ? "success" : "info",
          title: order.changed ? "Order status updated" : "Nothing changed",
          description: `Order ${order.orderNumber} ${order.changed ? "marked as" : "was already"} ${target}`,
        });
      } catch (error) {
        if (error instanceof OrderStatusError) return refuseWithToast(error.message);
        throw error;
      }
    }
    case "mark-paid": {
      const order = await getOrder(db, orderId);
      if (!order) return refuseWithToast("Order not found", 404);
      // One event id per order: a double click, or two admins at once, is a replay and changes nothing.
      const result = await markOrderPaid(
        db,
        order.id,
        { provider: "manual", eventId: `mark-paid:${order.id}`, type: "bank_transfer", actor },
        { shop: ctx.config.shop.name, bank: ctx.config.bank, publicUrl: ctx.config.publicUrl },
      );
      if (result.changed) ctx.pokeOutbox();
      return redirectWithToast(back(form), {
        type: result.changed ? "success" : "info",
        title: result.changed ? "Payment recorded" : "Nothing changed",
        description: result.changed
          ? `Order ${order.orderNumber} marked as paid`
          : `Order ${order.orderNumber} was already paid or is not awaiting payment`,
      });
    }
    case "card-from-order": {
      // For an order paid before pages were made with the payment, or one whose page was refused then: the
      // item's missing pages are made and recorded on it, so this cannot make a second one.
      const itemId = String(form.get("itemId") ?? "");
      // Ids that are not UUIDs never reach the uuid columns, where the database would reject them with an error.
      if (!isUuid(orderId) || !isUuid(itemId))
        return refuseWithToast("That order item has no card page to create");
      try {
        const created = await db.transaction(async (tx) => {
          const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
          if (!order || !PAID_STATUSES.includes(order.status)) return null;
          const [item] = await tx
            .select()
            .from(orderItems)
            .where(and(eq(orderItems.orderId, order.id), eq(orderItems.id, itemId)));
          if (item?.kind !== "multi-link") return null;
          return createItemPages(tx, order, item, await cardOwnerForOrder(tx, order));
        });
        if (!created?.length) return refuseWithToast("That order item has no card page to create");
        announceCardPagesChanged(created.map((p) => p.slug));
        return redirectWithToast(`/admin-dashboard/edit/${created[0]!.id}`, {
          type: "success",
          title: "Card page created",
          description: `New card ${created.map((p) => `#${p.cardNumber}`).join(", ")} has been created successfully. Set an edit password here to hand one over.`,
        });
      } catch (error) {
        if (error instanceof CardPageError) return refuseWithToast(error.message);
        throw error;
      }
    }
    case "review-request": {
      const decision = form.get("decision") === "apply" ? "apply" : "reject";
      try {
        await reviewUpdateRequest(db, String(form.get("requestId") ?? ""), decision, {
          label: ctx.admin.email,
        });
        return redirectWithToast(back(form), {
          type: "success",
          title: decision === "apply" ? "Update applied" : "Update rejected",
        });
      } catch (error) {
        if (error instanceof ReviewError) return refuseWithToast(error.message);
        throw error;
      }
    }
    default:
      return unknownIntent();
  }
}
