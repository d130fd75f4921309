// What an order's status means: the words a customer reads (receipt, order history) and what the admin may do.

const CUSTOMER_STATUS_TEXT: Record<string, string> = {
  awaiting_payment: "Awaiting payment",
  paid: "Paid",
  completed: "Completed",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

export function customerStatusText(status: string) {
  return CUSTOMER_STATUS_TEXT[status] ?? status;
}

/** What the admin can do with an order: record its payment, or move it to one of the three badges. */
export type AdminOrderAction = "mark-paid" | "pending" | "completed" | "refunded";

/**
 * The admin's actions an order in this status can take (docs/product.md#order-lifecycle): the buttons offered
 * and the only changes the server accepts. A refund is final: the money has gone back.
 */
export function adminOrderActions(status: string): AdminOrderAction[] {
  switch (status) {
    case "awaiting_payment":
      return ["mark-paid"];
    case "paid":
      return ["completed", "refunded"];
    case "completed":
      return ["pending", "refunded"];
    default:
      return [];
  }
}
