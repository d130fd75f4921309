// The admin lists page by keyset: Next and Previous walk every row once, in order, and the searches are prefix
// matches on each column.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { listCardPages } from "../cards/admin-cards.server";
import { listOrders } from "../shop/admin-orders.server";
import { scaleCardNumber, seedScale } from "./scale-seed.server";

let t: TestDb;

beforeAll(async () => {
  t = await createTestDb();
  await seedScale(t.db, { cards: 100, linksPerCard: 1, customers: 10, orders: 45, otherProspects: 0 }, "x");
});
afterAll(() => t.close());

/** Follows Next from the first page to the last; returns each page's rows. */
async function walk<T extends { id: string }>(
  list: (cursor: { after?: string }) => Promise<{ rows: T[]; next: string | null }>,
) {
  const pages: T[][] = [];
  let cursor: { after?: string } = {};
  for (let i = 0; i < 20; i++) {
    const page = await list(cursor);
    pages.push(page.rows);
    if (!page.next) return pages;
    cursor = { after: page.next };
  }
  throw new Error("the list never ended");
}

const newestFirst = (rows: { createdAt: Date }[]) =>
  rows.every((r, i) => i === 0 || rows[i - 1]!.createdAt.getTime() >= r.createdAt.getTime());

describe("admin cards list", () => {
  test("Next walks every card once, newest first; Previous comes back to the same pages", async () => {
    const pages = await walk(async (c) => {
      const r = await listCardPages(t.db, c);
      return { rows: r.cards, next: r.next };
    });
    expect(pages.map((p) => p.length)).toEqual([20, 20, 20, 20, 20]);
    const all = pages.flat();
    expect(new Set(all.map((c) => c.id)).size).toBe(100);
    expect(newestFirst(all)).toBe(true);

    const last = await listCardPages(t.db, { after: pages[3]!.at(-1)!.id });
    expect(last).toMatchObject({ paged: true, next: null });
    const back = await listCardPages(t.db, { before: last.previous });
    expect(back.cards.map((c) => c.id)).toEqual(pages[3]!.map((c) => c.id));
    const first = await listCardPages(t.db, { before: pages[1]![0]!.id });
    expect(first.cards.map((c) => c.id)).toEqual(pages[0]!.map((c) => c.id));
    expect(first.previous).toBeNull();
  });

  test("a cursor that is not a row id shows the first page", async () => {
    const first = await listCardPages(t.db, {});
    expect(first).toMatchObject({ paged: false, previous: null });
    const odd = await listCardPages(t.db, { after: "' or 1=1 --", before: "nope" });
    expect(odd.cards.map((c) => c.id)).toEqual(first.cards.map((c) => c.id));
  });

  test("search matches the start of a card number, slug, name or shop name, in any case", async () => {
    const slugs = async (q: string) => (await listCardPages(t.db, { q })).cards.map((c) => c.slug);
    expect(await slugs(scaleCardNumber(7).toLowerCase())).toEqual(["scale-7"]);
    expect(await slugs("SCALE-99")).toEqual(["scale-99"]);
    expect(await slugs("Person 42")).toEqual(["scale-42"]);
    expect(await slugs("scale shop 1")).toEqual([
      "scale-12",
      "scale-16",
      "scale-60",
      "scale-64",
      "scale-68",
      "scale-100",
    ]);
    expect(await slugs("erson 42")).toEqual([]);
    expect(await slugs("100%")).toEqual([]);
  });
});

describe("admin orders list", () => {
  test("Next walks every order once, newest first, within a status filter too", async () => {
    const pages = await walk(async (c) => {
      const r = await listOrders(t.db, c);
      return { rows: r.orders, next: r.next };
    });
    expect(pages.map((p) => p.length)).toEqual([20, 20, 5]);
    expect(new Set(pages.flat().map((o) => o.id)).size).toBe(45);
    expect(newestFirst(pages.flat())).toBe(true);

    const completed = await walk(async (c) => {
      const r = await listOrders(t.db, { ...c, status: "completed" });
      return { rows: r.orders, next: r.next };
    });
    expect(completed.flat().every((o) => o.status === "completed")).toBe(true);
    expect(completed.flat()).toHaveLength(pages.flat().filter((o) => o.status === "completed").length);
  });

  test("search matches the start of an order number, e-mail or name, in any case", async () => {
    const [order] = (await listOrders(t.db, {})).orders;
    const found = await listOrders(t.db, { q: order!.orderNumber.toLowerCase() });
    expect(found.orders.map((o) => o.id)).toEqual([order!.id]);
    const byEmail = await listOrders(t.db, { q: order!.customerEmail.toUpperCase() });
    expect(byEmail.orders.map((o) => o.id)).toContain(order!.id);
    expect(byEmail.orders.every((o) => o.customerEmail === order!.customerEmail)).toBe(true);
    const byName = await listOrders(t.db, { q: order!.customerName.slice(0, 8) });
    expect(byName.orders.length).toBeGreaterThan(1);
    expect((await listOrders(t.db, { q: "ustomer" })).orders).toEqual([]);
  });
});
