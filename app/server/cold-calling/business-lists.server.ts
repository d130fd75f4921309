// Business lists, a product like the cards (docs/product.md, 'Purchase Lists'): 20 businesses of one type, bought
// through the shop's cart and checkout (shop/business-list-cart.server.ts).
// A list is refused before payment when the pool cannot fill it for this buyer; on payment the businesses are
// copied from the lead pool into the buyer's prospects, never one the buyer already has.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { BUSINESS_LIST, type ItemKind } from "~/catalog";
import {
  businessLists,
  businessTypes,
  leads,
  type orderItems,
  orderStatusHistory,
  prospects,
} from "~/db/schema";
import type { BusinessListDetails, ItemDetails } from "~/schemas/item-details";
import { PROSPECT_QUOTAS } from "~/schemas/prospect-options";
import type { DbOrTx } from "../platform/db.server";

export const LIST_MESSAGES = {
  signIn: "Please sign in to buy a business list: its businesses go into your account's prospects.",
  unknownType: "Please choose a business type.",
  full: `Your prospects are full: an account holds at most ${PROSPECT_QUOTAS.prospects.toLocaleString("en-GB")} prospects.`,
  /**
   * Why a list cannot be filled, in the buyer's terms: the pool has none of the type, fewer than a list, or
   * only businesses the buyer already has (or that lists already in the cart take).
   */
  short: (label: string, stock: { pool: number; left: number; owned: number; inCart: number }) => {
    const tail = "Please choose another type or try again later.";
    if (stock.pool === 0) return `We have no ${label} in stock right now. ${tail}`;
    if (stock.owned === 0 && stock.inCart === 0)
      return `We have only ${stock.pool} ${label} in stock right now, and a list holds ${BUSINESS_LIST.size}. ${tail}`;
    if (stock.left === 0 && stock.inCart === 0)
      return `We have no more ${label} for you right now: you already have every one in our pool. ${tail}`;
    return `We cannot fill a list of ${BUSINESS_LIST.size} ${label} for you right now: only ${stock.left} you do not already have are left${stock.inCart ? " beside the lists in your cart" : ""}. ${tail}`;
  },
};

export async function listBusinessTypes(db: DbOrTx) {
  return db
    .select({ id: businessTypes.id, label: businessTypes.label })
    .from(businessTypes)
    .orderBy(asc(businessTypes.createdAt), asc(businessTypes.label));
}

export async function businessType(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: businessTypes.id, label: businessTypes.label })
    .from(businessTypes)
    .where(eq(businessTypes.id, id));
  return row ?? null;
}

/** Leads of a type in the pool, and how many of them this buyer does not have among their prospects. */
async function leadCounts(db: DbOrTx, userId: string, type: string) {
  const rows = await db.execute(sql`
    select count(*)::int as pool,
      (count(*) filter (where not exists
        (select 1 from prospects p where p.user_id = ${userId} and p.lead_id = l.id)))::int as available
    from ${leads} l
    where l.business_type = ${type}`);
  const row = rowsOf<{ pool: number; available: number }>(rows)[0];
  return { pool: Number(row?.pool ?? 0), available: Number(row?.available ?? 0) };
}

/**
 * The business types this buyer can buy a full list of now, with how many lists the pool holds for them (leads
 * they do not have, by whole lists). A type with less than one list in stock is not offered.
 */
export async function businessTypesInStock(db: DbOrTx, userId: string) {
  const rows = await db.execute(sql`
    select t.id, t.label,
      (select count(*) from ${leads} l where l.business_type = t.id
        and not exists (select 1 from prospects p where p.user_id = ${userId} and p.lead_id = l.id))::int as available
    from ${businessTypes} t
    order by t.created_at, t.label`);
  return rowsOf<{ id: string; label: string; available: number }>(rows)
    .map((r) => ({
      id: r.id,
      label: r.label,
      listsLeft: Math.floor(Number(r.available) / BUSINESS_LIST.size),
    }))
    .filter((r) => r.listsLeft > 0);
}

/**
 * Null when the pool can fill every list in these lines for this buyer, else the message to show: each type's
 * lists together need size × count leads the buyer does not have yet.
 */
export async function listShortfall(
  db: DbOrTx,
  userId: string,
  lines: { kind: ItemKind; details: ItemDetails }[],
) {
  const wanted = new Map<string, number>();
  for (const line of lines) {
    if (line.kind !== "business-list") continue;
    const type = (line.details as BusinessListDetails).businessType;
    wanted.set(type, (wanted.get(type) ?? 0) + BUSINESS_LIST.size);
  }
  const listed = [...wanted.values()].reduce((a, b) => a + b, 0);
  if (listed > 0) {
    const [held] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(prospects)
      .where(eq(prospects.userId, userId));
    // Paid lists are always delivered, so an account near its quota is stopped here, before payment.
    if (Number(held?.n ?? 0) + listed > PROSPECT_QUOTAS.prospects) return LIST_MESSAGES.full;
  }
  for (const [type, need] of wanted) {
    const row = await businessType(db, type);
    if (!row) return LIST_MESSAGES.unknownType;
    const { pool, available } = await leadCounts(db, userId, type);
    // A second list of the same type in one cart needs 20 more: tell the buyer what is left for this one.
    if (available < need) {
      const inCart = need - BUSINESS_LIST.size;
      return LIST_MESSAGES.short(row.label, {
        pool,
        left: Math.max(0, available - inCart),
        owned: pool - available,
        inCart,
      });
    }
  }
  return null;
}

type OrderItem = typeof orderItems.$inferSelect;

/** The rows of a raw query: both drivers answer `{ rows }`. */
function rowsOf<T>(result: unknown) {
  return (result as { rows: T[] }).rows;
}

/**
 * Delivers the paid lists of an order, inside the paid pipeline's transaction. Each order item makes one
 * business_lists row (unique), so a replayed payment delivers nothing twice. A business the buyer already has is
 * skipped (the unique user + lead index, also against another list paid at the same moment) and the next one is
 * taken. A pool that ran short since checkout fills what it can; the order's history says so for the admin.
 */
export async function deliverBusinessLists(
  tx: DbOrTx,
  order: { id: string; userId: string | null },
  items: OrderItem[],
) {
  const delivered: { listId: string; copied: number }[] = [];
  for (const item of items) {
    if (item.kind !== "business-list") continue;
    const details = item.details as BusinessListDetails;
    if (!order.userId) {
      await historyNote(tx, order.id, `${details.label} list not delivered: the order has no account`);
      continue;
    }
    const [list] = await tx
      .insert(businessLists)
      .values({
        userId: order.userId,
        orderItemId: item.id,
        businessType: details.businessType,
        listName: `${details.label} list`,
        price: item.unitPrice,
        businessCount: 0,
      })
      .onConflictDoNothing()
      .returning({ id: businessLists.id });
    if (!list) continue;
    const copied = await copyLeads(tx, order.userId, list.id, details.businessType, details.size);
    await tx.update(businessLists).set({ businessCount: copied }).where(eq(businessLists.id, list.id));
    if (copied < details.size)
      await historyNote(
        tx,
        order.id,
        `${details.label} list short: ${copied} of ${details.size} businesses delivered (the lead pool ran out)`,
      );
    delivered.push({ listId: list.id, copied });
  }
  return delivered;
}

/**
 * Copies up to `size` leads the user does not have into their prospects. Another transaction may be copying the
 * same leads for the same user: those inserts wait for it and then do nothing, and the next round takes the
 * leads after them. Stops when the list is full or no candidate is left.
 */
async function copyLeads(tx: DbOrTx, userId: string, listId: string, type: string, size: number) {
  let copied = 0;
  for (let round = 0; copied < size && round < 20; round++) {
    const result = await tx.execute(sql`
      with candidates as (
        select l.id, l.business_name, l.contact_name, l.phone, l.email, l.address, l.created_at
        from ${leads} l
        where l.business_type = ${type}
          and not exists (select 1 from prospects p where p.user_id = ${userId} and p.lead_id = l.id)
        order by l.created_at, l.id
        limit ${size - copied}
      ), inserted as (
        insert into prospects (user_id, list_id, lead_id, business_name, contact_name, phone, email, address, business_type)
        select ${userId}, ${listId}, c.id, c.business_name, c.contact_name, c.phone, c.email, c.address, ${type}
        from candidates c
        order by c.created_at, c.id
        on conflict (user_id, lead_id) do nothing
        returning 1
      )
      select (select count(*) from candidates)::int as candidates, (select count(*) from inserted)::int as inserted`);
    const row = rowsOf<{ candidates: number; inserted: number }>(result)[0];
    if (!row || Number(row.candidates) === 0) break;
    copied += Number(row.inserted);
  }
  return copied;
}

async function historyNote(tx: DbOrTx, orderId: string, note: string) {
  await tx
    .insert(orderStatusHistory)
    .values({ orderId, fromStatus: "paid", toStatus: "paid", actor: "system", note });
}

/** The lists this customer bought, newest first, with the type's current name. */
export async function purchasedLists(db: DbOrTx, userId: string) {
  const rows = await db
    .select({
      id: businessLists.id,
      listName: businessLists.listName,
      type: businessTypes.label,
      count: businessLists.businessCount,
      purchasedAt: businessLists.purchasedAt,
    })
    .from(businessLists)
    .innerJoin(businessTypes, eq(businessTypes.id, businessLists.businessType))
    .where(and(eq(businessLists.userId, userId)))
    .orderBy(desc(businessLists.purchasedAt), desc(businessLists.id));
  return rows.map((r) => ({ ...r, purchasedAt: r.purchasedAt.toISOString() }));
}
