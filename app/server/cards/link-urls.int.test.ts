// Every way a link reaches a card page stores it as printable ASCII: the admin card form, a direct write, the
// create-client dialog and paid update requests.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CreateCardPageSchema } from "~/schemas/card-page";
import type { Delivery } from "~/schemas/checkout";
import { UpdateRequestSchema } from "~/schemas/update-request";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { addUpdateRequestItem, createCart } from "../shop/cart.server";
import { createOrderFromCart } from "../shop/checkout.server";
import { markOrderPaid } from "../shop/payments/paid-pipeline.server";
import { proveOwnership } from "../shop/update-requests.server";
import { getCardPageById, getCardPageBySlug } from "./card-reads.server";
import { createCardPage } from "./cards.server";
import { createClientPage } from "./client-pages.server";

const CAFE_NIHON = "https://example.com/café/日本";
const CAFE_NIHON_ASCII = "https://example.com/caf%C3%A9/%E6%97%A5%E6%9C%AC";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t?.close());

const storedUrls = async (slug: string) => (await getCardPageBySlug(t.db, slug))!.links.map((l) => l.url);

describe("link URLs are stored as printable ASCII", () => {
  it("a card saved through the card form with an accented, non-Latin path keeps its encoded form", async () => {
    const parsed = CreateCardPageSchema.safeParse({
      name: "Café Owner",
      slug: "cafe-owner",
      password: "edit-password-1",
      links: [
        { title: "Menu", url: CAFE_NIHON, icon: "menu" },
        { title: "Shop", url: "https://exämple.com/", icon: "globe" },
        { title: "Mail", url: "mailto:josé@exämple.com", icon: "mail" },
      ],
    });
    expect(parsed.success).toBe(true);
    await createCardPage(t.db, parsed.data!);
    expect(await storedUrls("cafe-owner")).toEqual([
      CAFE_NIHON_ASCII,
      "https://xn--exmple-cua.com/",
      "mailto:jos%C3%A9@xn--exmple-cua.com",
    ]);
  });

  it("a write that skips the form still stores only the encoded form", async () => {
    await createCardPage(t.db, {
      name: "Direct Writer",
      slug: "direct-writer",
      password: "edit-password-1",
      links: [{ title: "Website", url: CAFE_NIHON, icon: "globe" }],
    });
    expect(await storedUrls("direct-writer")).toEqual([CAFE_NIHON_ASCII]);
  });

  it("a client page made in the create-client dialog stores encoded links", async () => {
    const page = await createClientPage(t.db, {
      name: "Bäckerei Müller",
      website: "bäckerei.example",
      instagram: "@bäckerei",
      orderLinks: `${CAFE_NIHON}\nhttps://deliveroo.co.uk/menu/bäckerei`,
    });
    const stored = (await getCardPageById(t.db, page.id))!.links.map((l) => l.url);
    expect(stored).toEqual([
      "https://xn--bckerei-5wa.example/",
      "https://instagram.com/b%C3%A4ckerei",
      CAFE_NIHON_ASCII,
      "https://deliveroo.co.uk/menu/b%C3%A4ckerei",
    ]);
  });

  it("a paid update request adds a non-ASCII link encoded, and removes a link typed as it looks", async () => {
    const page = await createCardPage(t.db, {
      name: "Updater",
      slug: "updater",
      password: "the-edit-password",
      links: [{ title: "Website", url: CAFE_NIHON, icon: "globe" }],
    });
    const cart = await createCart(t.db);
    const proof = await proveOwnership(t.db, page.cardNumber, {
      userId: null,
      editPassword: "the-edit-password",
    });
    const request = (fields: Record<string, string>) => {
      const parsed = UpdateRequestSchema.safeParse({
        cardNumber: page.cardNumber,
        name: "Updater",
        email: "updater@example.com",
        ...fields,
      });
      expect(parsed.success).toBe(true);
      return parsed.data!;
    };
    const add = request({ updateType: "add-link", platform: "Website", url: "https://exämple.com/日本" });
    await addUpdateRequestItem(t.db, cart.id, {
      cardNumber: add.cardNumber,
      name: add.name,
      email: add.email,
      action: "add-link",
      platform: add.platform,
      url: add.url,
      ...proof,
    });
    const remove = request({ updateType: "remove-link", linkToRemove: CAFE_NIHON });
    await addUpdateRequestItem(t.db, cart.id, {
      cardNumber: remove.cardNumber,
      name: remove.name,
      email: remove.email,
      action: "remove-link",
      linkToRemove: remove.linkToRemove,
      ...proof,
    });
    const delivery: Delivery = {
      fullName: "Updater",
      email: "updater@example.com",
      phone: "+44 7700 900000",
      addressLine1: "1 Road",
      city: "London",
      postalCode: "N1 1AA",
      country: "United Kingdom",
    };
    const shopOpts = {
      shop: "TapCard",
      bank: { accountName: "Acme", sortCode: "00-00-00", accountNumber: "1234" },
      publicUrl: "http://shop.test",
    };
    const { order } = await createOrderFromCart(t.db, {
      cartId: cart.id,
      delivery,
      paymentMethod: "bank_transfer",
      userId: null,
      ...shopOpts,
    });
    const result = await markOrderPaid(
      t.db,
      order.id,
      {
        provider: "manual",
        eventId: `m:${order.id}`,
        type: "bank_transfer",
        actor: { userId: null, label: "a" },
      },
      shopOpts,
    );
    expect(result).toMatchObject({ changed: true, applied: 2, queued: 0 });
    expect(await storedUrls("updater")).toEqual(["https://xn--exmple-cua.com/%E6%97%A5%E6%9C%AC"]);
  });
});
