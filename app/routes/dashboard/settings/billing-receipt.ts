// GET /dashboard/settings/billing/receipt/:orderId[?print=1]: the receipt of one of the signed-in customer's
// own orders (no secret link needed); any other order, or no order, answers 404.
import { requireUser } from "~/server/accounts/session.server";
import { getCustomerOrder } from "~/server/shop/customer-orders.server";
import { progressOfOrder } from "~/server/shop/order-progress.server";
import { orderNotFound, receiptResponse } from "~/server/shop/receipt.server";
import type { Route } from "./+types/billing-receipt";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const order = await getCustomerOrder(context.db, user.id, params.orderId);
  if (!order) return orderNotFound();
  return receiptResponse(order, context, {
    print: new URL(request.url).searchParams.get("print") === "1",
    progress: await progressOfOrder(context.db, order),
  });
}
