// The order e-mails state the shop's figures as the catalogue has them, not as typed into a sentence.
import { describe, expect, it } from "vitest";
import { CARDS, type ItemKind } from "~/catalog";
import { DELIVERY_OPTIONS } from "~/delivery-options";
import { formatPence } from "~/utils/money";
import { type OrderForEmail, orderConfirmedEmail } from "./order-emails.server";

const standard = DELIVERY_OPTIONS["uk-standard"];
const international = DELIVERY_OPTIONS.international;

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
    country: "GB",
  },
  subtotal: 2500,
  deliveryOption: "uk-standard",
  deliveryFee: standard.price,
  discount: 0,
  total: 2500 + standard.price,
  items: [{ kind: "one-link", name: "One Link", quantity: 1, unitPrice: 2500, summary: "" }],
};
const bank = { accountName: "TapCard Ltd", sortCode: "00-00-00", accountNumber: "00000000" };

describe("order e-mails", () => {
  it("promise the delivery service and time of the catalogue", () => {
    const mail = orderConfirmedEmail(order, { shop: "TapCard" });
    expect(mail.text).toContain(`send it by ${standard.name} (${standard.promise})`);
    expect(mail.text).toContain(
      `Delivery, ${standard.name} (${standard.promise}): ${formatPence(standard.price)}`,
    );
    expect(mail.text).toContain("LS1 1AA, United Kingdom");
  });

  it("name the option chosen, its fee and the country of an order posted abroad", () => {
    const mail = orderConfirmedEmail(
      {
        ...order,
        deliveryAddress: { ...order.deliveryAddress, city: "Paris", postalCode: "75001", country: "FR" },
        deliveryOption: "international",
        deliveryFee: international.price,
        total: 2500 + international.price,
      },
      { shop: "TapCard" },
    );
    expect(mail.text).toContain(
      `Delivery, ${international.name} (${international.promise}): ${formatPence(international.price)}`,
    );
    expect(mail.text).toContain("75001, France");
    expect(mail.text).not.toContain(standard.promise);
  });

  it("say a team order's cards carry each member's company page, not the buyer's links", () => {
    const team: OrderForEmail = {
      ...order,
      items: [
        {
          ...order.items[0]!,
          quantity: 2,
          details: {
            links: [],
            forMembers: {
              organizationId: "org-1",
              company: "Acme",
              members: [
                { userId: "u1", name: "Ann" },
                { userId: "u2", name: "Bo" },
              ],
            },
          },
        },
      ],
    };
    const mail = orderConfirmedEmail(team, { shop: "TapCard" });
    expect(mail.text).toContain(
      `we write each member's company page to their cards and send them by ${standard.name}`,
    );
    expect(mail.text).not.toContain("your links");
    expect(orderConfirmedEmail(order, { shop: "TapCard" }).text).toContain(
      "we write your links to your card",
    );
  });

  it("promise no posted card for an order of only a link update or only a business list", () => {
    const only = (kind: ItemKind, name: string) =>
      orderConfirmedEmail(
        {
          ...order,
          deliveryOption: null,
          deliveryFee: 0,
          total: 100,
          items: [{ kind, name, quantity: 1, unitPrice: 100, summary: "" }],
        },
        { shop: "TapCard" },
      ).text;
    expect(only("update-request", "Update request")).toContain("your update requests are applied");
    expect(only("update-request", "Update request")).not.toContain("write your links");
    expect(only("business-list", "Business list")).toContain("in your prospects, in Cold Calling");
    expect(only("business-list", "Business list")).not.toContain("write your links");
  });

  it("do not repeat the bank details once a bank transfer is received", () => {
    // The shop's settings hold the bank details, as when the order was placed.
    const settings = { shop: "TapCard", bank };
    const mail = orderConfirmedEmail({ ...order, paymentMethod: "bank_transfer" }, settings);
    expect(mail.text).toContain("Paid by bank transfer.");
    for (const body of [mail.text, mail.html]) {
      expect(body).not.toContain(bank.sortCode);
      expect(body).not.toContain(bank.accountNumber);
      expect(body).not.toContain("Account name");
    }
  });

  it("link a guest's card page and the link that adds it to an account, in the HTML as anchors", () => {
    const page = "https://shop.example/dee-example-with-a-rather-long-card-address";
    const claim = `https://shop.example/claim-cards?token=${"x".repeat(43)}`;
    const mail = orderConfirmedEmail(
      {
        ...order,
        items: [
          {
            kind: "multi-link",
            name: "Multi Link",
            quantity: 1,
            unitPrice: CARDS["multi-link"].price,
            summary: "",
          },
        ],
        cardPageUrls: [page],
        claimUrl: claim,
      },
      { shop: "TapCard" },
    );
    // Both stay whole in the plain text, for a mail reader without HTML.
    expect(mail.text).toContain(page);
    expect(mail.text).toContain(claim);
    const anchors = [...mail.html.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [
      m[1]!.replaceAll("&amp;", "&"),
      m[2]!.replaceAll("&amp;", "&"),
    ]);
    expect(anchors).toContainEqual([page, page]);
    expect(anchors).toContainEqual([claim, "Add the card to my account"]);
  });
});
