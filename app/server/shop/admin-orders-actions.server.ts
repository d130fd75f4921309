// The admin's order actions: status buttons, 'Mark paid', card page from an order, update-request review.
import { type CardLink, linkHref } from "~/schemas/cart";
import { CardPageError } from "../cards/cards.server";
import { createClientPage } from "../cards/client-pages.server";
import type { SessionUser } from "../platform/auth.server";
import type { Database } from "../platform/db.server";
import type { Config } from "../platform/env.server";
import { unknownIntent } from "../platform/forms.server";
import { redirectWithToast, refuseWithToast } from "../platform/toast.server";
import { getEarnings, getOrderForAdmin, listOrders } from "./admin-orders.server";
import { type AdminStatus, getOrder, OrderStatusError, setAdminStatus } from "./orders.server";
import { markOrderPaid } from "./payments/paid-pipeline.server";
import { listUpdateRequestQueue, ReviewError, reviewUpdateRequest } from "./update-requests.server";

export async function loadOrdersTab(db: Database, url: URL) {
  const orderId = url.searchParams.get("order");
  return {
    list: await listOrders(db, {
      q: url.searchParams.get("q") ?? "",
      status: url.searchParams.get("status") ?? "",
      page: Number(url.searchParams.get("page")) || 1,
    }),
    selected: orderId ? await getOrderForAdmin(db, orderId) : null,
    queue: await listUpdateRequestQueue(db),
  };
}

export async function loadEarningsTab(db: Database) {
  return getEarnings(db);
}

function back(form: FormData) {
  const to = String(form.get("returnTo") ?? "");
  return to.startsWith("/admin-dashboard") ? to : "/admin-dashboard/orders";
}

export async function handleOrdersTabAction(
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
        const order = await setAdminStatus(db, orderId, target as AdminStatus, actor);
        return redirectWithToast(back(form), {
          type: "success",
          title: "Order status updated",
          description: `Order ${order.orderNumber} marked as ${target}`,
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
        { shop: ctx.config.shop.name, bank: ctx.config.bank },
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
      const order = await getOrder(db, orderId);
      const item = order?.items.find((i) => i.id === form.get("itemId") && i.kind === "multi-link");
      if (!order || !item) return refuseWithToast("That order item has no card page to create");
      const details = item.details as { name?: string; bio?: string; links: CardLink[] };
      try {
        const page = await createClientPage(db, {
          name: details.name || order.customerName,
          bio: details.bio,
          contactEmail: order.customerEmail,
          orderLinks: details.links.map((l) => linkHref(l)).join("\n"),
          // The page belongs to the buyer's account when the order was placed signed in
          // (docs/product.md#card-ownership).
          ownerUserId: order.userId,
        });
        return redirectWithToast(`/admin-dashboard/edit/${page.id}`, {
          type: "success",
          title: "Card page created",
          description: `New card #${page.cardNumber} has been created successfully. Edit password (shown once): ${page.password}`,
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
