// GET /payment-success/receipt?order=&token=[&print=1]: the receipt file, only through the order's secret link.
import { getOrderByToken } from "~/server/shop/orders.server";
import { receiptFileName, receiptHtml } from "~/server/shop/receipt.server";
import type { Route } from "./+types/receipt";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const order = await getOrderByToken(
    context.db,
    url.searchParams.get("order"),
    url.searchParams.get("token"),
  );
  if (!order)
    return new Response("Order not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const print = url.searchParams.get("print") === "1";
  const html = receiptHtml(order, {
    shop: context.config.shop.name,
    shopAddress: context.config.shop.address,
    bank: context.config.bank,
    printScriptNonce: print ? context.cspNonce : undefined,
  });
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "no-referrer",
      ...(print
        ? {}
        : { "Content-Disposition": `attachment; filename="${receiptFileName(order.orderNumber)}"` }),
    },
  });
}
