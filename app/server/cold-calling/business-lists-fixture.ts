// The business list tests' shared setup: a database, buyers, a business type stocked with leads, a list ordered
// and paid as the payment pipeline pays it, and the prospects a buyer was given.

import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { businessTypes, leads, prospects, users } from "~/db/schema";
import { deliveryTo, shopOpts, testConfig } from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { addBusinessListToCart } from "../shop/business-list-cart.server";
import { createCart } from "../shop/cart.server";
import { createOrderFromCart } from "../shop/checkout.server";
import { markOrderPaid } from "../shop/payments/paid-pipeline.server";

export let t: TestDb;
export const config = testConfig("business-lists");
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t?.close());

let seq = 0;
export async function buyer() {
  const [u] = await t.db
    .insert(users)
    .values({
      id: crypto.randomUUID(),
      name: "Buyer",
      email: `buyer${++seq}.${Date.now()}@example.com`,
      emailVerified: true,
    })
    .returning();
  return u!;
}

/** A business type of its own per test, stocked with n leads. */
export async function stockedType(n: number) {
  const id = `type-${++seq}`;
  await t.db.insert(businessTypes).values({ id, label: `Type ${seq}` });
  if (n)
    await t.db.insert(leads).values(
      Array.from({ length: n }, (_, i) => ({
        businessType: id,
        businessName: `Business ${i}`,
        phone: `01632960${String(i).padStart(3, "0")}`,
      })),
    );
  return id;
}

export async function orderList(
  userId: string,
  type: string,
  paymentMethod: "bank_transfer" | "card" = "bank_transfer",
) {
  const cart = await createCart(t.db);
  await addBusinessListToCart(t.db, cart.id, userId, type);
  const { order } = await createOrderFromCart(t.db, {
    cartId: cart.id,
    delivery: deliveryTo(`list${++seq}@example.com`),
    paymentMethod,
    userId,
    ...shopOpts,
  });
  return order;
}

let event = 0;
export const pay = (orderId: string, eventId = `evt_${++event}`) =>
  markOrderPaid(
    t.db,
    orderId,
    { provider: "manual", eventId, type: "bank transfer", actor: { userId: null, label: "admin" } },
    shopOpts,
  );

export const prospectLeads = async (userId: string) =>
  (await t.db.select({ leadId: prospects.leadId }).from(prospects).where(eq(prospects.userId, userId))).map(
    (p) => p.leadId,
  );
