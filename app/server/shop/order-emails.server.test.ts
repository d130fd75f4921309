// The order e-mails state the shop's figures as the catalogue has them, not as typed into a sentence.
import { describe, expect, it } from "vitest";
import { DELIVERY_FEE, POLICY } from "~/catalog";
import { formatPence } from "~/utils/money";
import { type OrderForEmail, orderConfirmedEmail } from "./order-emails.server";

const order: OrderForEmail = {
  orderNumber: "TC-000123",
  customerName: "Dee",
  customerEmail: "dee@example.com",
  paymentMethod: "card",
  deliveryAddress: {
    fullName: "Dee Example",
    email: "dee@example.com",
    phone: "07700900000",
    addressLine1: "2 Low Road",
    city: "Leeds",
    postalCode: "LS1 1AA",
    country: "United Kingdom",
  },
  subtotal: 2500,
  deliveryFee: DELIVERY_FEE,
  discount: 0,
  total: 2500 + DELIVERY_FEE,
  items: [{ name: "One Link", quantity: 1, unitPrice: 2500, summary: "" }],
};

describe("order e-mails", () => {
  it("promise the delivery service and time of the catalogue", () => {
    const mail = orderConfirmedEmail(order, {
      shop: "TapCard",
      bank: { accountName: "TapCard Ltd", sortCode: "00-00-00", accountNumber: "00000000" },
    });
    expect(mail.text).toContain(
      `by ${POLICY.deliveryService} delivery, usually within ${POLICY.ukDelivery} in the UK`,
    );
    expect(mail.text).toContain(`Delivery: ${formatPence(DELIVERY_FEE)}`);
  });
});
