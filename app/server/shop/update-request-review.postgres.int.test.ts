// The admin's 'Apply' on a queued update request while another change to the same card is being written (a paid
// request applied, an edit): the card row is locked before its links are read, so neither change is lost.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { cardPages, updateRequests } from "~/db/schema";
import { delivery, markPaidByAdmin, shopOpts } from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { getCardPageById, getCardPageBySlug } from "../cards/card-reads.server";
import { createCardPage, updateCardPage } from "../cards/cards.server";
import { addUpdateRequestItem, createCart } from "./cart.server";
import { createOrderFromCart } from "./checkout.server";
import { reviewUpdateRequest } from "./update-requests.server";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t?.close());

it("applies a reviewed request after a concurrent change to the card, keeping both", async () => {
  const page = await createCardPage(t.db, {
    name: "Queued Owner",
    slug: `queued-owner-${Date.now()}`,
    password: "the-edit-password",
    links: [{ title: "Website", url: "https://queued.example", icon: "globe" }],
  });
  // A request without proof of ownership waits for the admin.
  const cart = await createCart(t.db);
  await addUpdateRequestItem(t.db, cart.id, {
    cardNumber: page.cardNumber,
    name: "Queued Owner",
    email: "queued@example.com",
    action: "add-link",
    platform: "Website",
    url: "https://reviewed.queued.example/",
    proof: null,
  });
  const { order } = await createOrderFromCart(t.db, {
    cartId: cart.id,
    delivery,
    paymentMethod: "bank_transfer",
    userId: null,
    ...shopOpts,
  });
  await markPaidByAdmin(t.db, order.id);
  const [request] = await t.db.select().from(updateRequests).where(eq(updateRequests.orderId, order.id));
  expect(request!.status).toBe("pending_review");

  // Another writer holds the card (as a paid request being applied does) while the admin clicks 'Apply'.
  let reviewing: Promise<unknown> | undefined;
  await t.db.transaction(async (tx) => {
    await tx.select({ id: cardPages.id }).from(cardPages).where(eq(cardPages.id, page.id)).for("update");
    reviewing = reviewUpdateRequest(t.db, request!.id, "apply", { label: "admin" });
    // Until the admin's apply waits on the card's lock (bounded).
    for (let i = 0; i < 200; i++) {
      const waiting = (await t.db.execute(
        sql`select count(*)::int as n from pg_locks where not granted`,
      )) as unknown as { rows: { n: number }[] };
      if (waiting.rows[0]!.n > 0) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const current = (await getCardPageById(tx, page.id))!;
    await updateCardPage(
      tx,
      page.id,
      {
        ...current,
        businessName: undefined,
        bio: undefined,
        contactEmail: undefined,
        contactPhone: undefined,
        profileImageUrl: undefined,
        shopId: undefined,
        links: [...current.links, { title: "Shop", url: "https://other.queued.example/", icon: "globe" }],
      },
      { announce: false },
    );
  });
  await reviewing;
  const after = await getCardPageBySlug(t.db, page.slug);
  expect(after!.links.map((l) => l.url).sort()).toEqual([
    "https://other.queued.example/",
    "https://queued.example/",
    "https://reviewed.queued.example/",
  ]);
});
