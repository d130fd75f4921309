// The fulfilment tests' shared setup: a database with the admin and a buyer, a paid order of given cards, the
// admin's fulfilment form posts, and where an order stands in the queue and its history.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { orderStatusHistory, users } from "~/db/schema";
import { deliveryTo, form, markPaidByAdmin, shopOpts } from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import type { SessionUser } from "../accounts/session.server";
import { loadConfig } from "../platform/env.server";
import { addCardItem, createCart } from "./cart.server";
import { createOrderFromCart } from "./checkout.server";
import { handleFulfilmentAction } from "./fulfilment-actions.server";
import { loadFulfilment } from "./fulfilment-queue.server";

/** The test database, set before the tests run. */
export const fx = { t: undefined as unknown as TestDb, buyerId: "" };

export const config = loadConfig({ DATA_DIR: "/tmp/fulfilment-test", PUBLIC_URL: "http://shop.test" });
const admin: SessionUser = {
  id: "admin-fulfil",
  name: "Admin",
  email: "admin@example.com",
  role: "admin",
};

beforeAll(async () => {
  fx.t = await createTestDb();
  await fx.t.db.insert(users).values({ ...admin, emailVerified: true });
  fx.buyerId = crypto.randomUUID();
  await fx.t.db
    .insert(users)
    .values({ id: fx.buyerId, name: "Olive", email: "olive@example.com", emailVerified: true });
});
afterAll(() => fx.t?.close());

let seq = 0;
const uniqueEmail = () => `buyer.${Date.now()}.${++seq}@example.com`;

export async function paidOrder(
  kinds: ("one-link" | "multi-link")[],
  userId: string | null = null,
  email = uniqueEmail(),
) {
  const cart = await createCart(fx.t.db);
  for (const kind of kinds) {
    const links = [{ platform: "website", label: "Website", url: `https://${kind}-${seq}.example/path` }];
    await addCardItem(
      fx.t.db,
      cart.id,
      kind === "multi-link" ? { kind, name: "Mia Multi", bio: "", links } : { kind, links },
    );
  }
  const { order } = await createOrderFromCart(fx.t.db, {
    cartId: cart.id,
    delivery: deliveryTo(email),
    paymentMethod: "bank_transfer",
    userId,
    shop: shopOpts.shop,
    bank: shopOpts.bank,
  });
  const paid = await markPaidByAdmin(fx.t.db, order.id);
  expect(paid.changed).toBe(true);
  return order;
}

const ctx = () => ({ admin, config, pokeOutbox: () => {} });
export const act = (fields: Record<string, string>) => handleFulfilmentAction(fx.t.db, form(fields), ctx());
export const statusOf = (answer: unknown) =>
  answer instanceof Response ? answer.status : (answer as { init?: { status?: number } }).init?.status;

export async function toPostEntry(orderId: string) {
  return (await loadFulfilment(fx.t.db, config.publicUrl)).toPost.find((o) => o.id === orderId);
}

export async function historyNotes(orderId: string) {
  const rows = await fx.t.db
    .select({
      from: orderStatusHistory.fromStatus,
      to: orderStatusHistory.toStatus,
      note: orderStatusHistory.note,
    })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(orderStatusHistory.id);
  return rows.map((r) => `${r.from} → ${r.to}: ${r.note}`);
}
