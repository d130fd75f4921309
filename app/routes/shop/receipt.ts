// GET /payment-success/receipt?order=&token=[&print=1]: the receipt file, only through the order's secret link.

import { progressOfOrder } from "~/server/shop/order-progress.server";
import { getOrderByToken } from "~/server/shop/orders.server";
import { orderNotFound, receiptResponse } from "~/server/shop/receipt.server";
import type { Route } from "./+types/receipt";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const order = await getOrderByToken(
    context.db,
    url.searchParams.get("order"),
    url.searchParams.get("token"),
  );
  if (!order) return orderNotFound();
  return receiptResponse(order, context, {
    print: url.searchParams.get("print") === "1",
    progress: await progressOfOrder(context.db, order),
  });
}
