// What a customer reads for an order's status, on the receipt and in their order history.

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
