// The card pages a paid Multi Link order makes: one per card bought, with the item's name, bio and links, owned
// by the buyer's account (docs/product.md#card-ownership). Each page is recorded on its order item and unit, so
// a replayed payment or a second click never makes another.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { cardPages, orderItemCardPages, type orderItems, physicalCards, users } from "~/db/schema";
import type { CardDetails, ReplacementDetails, TeamOrderDetails } from "~/schemas/item-details";
import { type CardLink, linkHref, PLATFORM_LABELS } from "~/schemas/link-rules";
import { isLinkIcon } from "~/utils/card-links";
import type { CardLinkInput } from "../cards/cards.server";
import { createClientPage } from "../cards/client-pages.server";
import { createPhysicalCard, type LifecycleActor } from "../cards/physical-cards.server";
import { currentMembers, memberCardPage } from "../companies/member-cards.server";
import type { DbOrTx } from "../platform/db.server";
import { dropParcelsWithoutCard } from "./member-parcels.server";

type OrderItem = typeof orderItems.$inferSelect;
export interface OrderForPages {
  customerName: string;
  customerEmail: string;
  userId: string | null;
}
export interface CreatedPage {
  id: string;
  slug: string;
  cardNumber: string;
}

/** The signed-in buyer, else the account whose verified e-mail is the order's; a guest with neither owns none. */
export async function cardOwnerForOrder(db: DbOrTx, order: OrderForPages) {
  if (order.userId) return order.userId;
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${order.customerEmail})`, eq(users.emailVerified, true)))
    .limit(1);
  return user?.id ?? null;
}

/**
 * Makes the pages an item still lacks. Call inside a transaction that holds the order's row lock; the caller
 * announces the returned slugs after it commits. A page whose details are refused (a link no longer allowed)
 * throws CardPageError.
 */
export async function createItemPages(
  tx: DbOrTx,
  order: OrderForPages,
  item: OrderItem,
  ownerUserId: string | null,
): Promise<CreatedPage[]> {
  if (item.kind !== "multi-link") return [];
  const replacement = (item.details as CardDetails).replacementFor;
  if (replacement) {
    await createReplacementCards(tx, item, replacement);
    return [];
  }
  const team = (item.details as CardDetails).forMembers;
  if (team) {
    await createTeamCards(tx, item, team);
    return [];
  }
  const have = new Set(
    (
      await tx
        .select({ unit: orderItemCardPages.unit })
        .from(orderItemCardPages)
        .where(eq(orderItemCardPages.orderItemId, item.id))
    ).map((r) => r.unit),
  );
  const details = item.details as { name?: string; bio?: string; links: CardLink[] };
  const created: CreatedPage[] = [];
  for (let unit = 1; unit <= item.quantity; unit++) {
    if (have.has(unit)) continue;
    const page = await createClientPage(
      tx,
      {
        name: details.name || order.customerName,
        bio: details.bio,
        contactEmail: order.customerEmail,
        titledLinks: details.links.map(titledLink),
        ownerUserId,
      },
      { announce: false },
    );
    await tx.insert(orderItemCardPages).values({ orderItemId: item.id, unit, cardPageId: page.id });
    // Each card bought is written with its own chip address, so it can later be turned off alone.
    await createPhysicalCard(tx, { cardPageId: page.id, orderItemId: item.id }, PAYMENT, { announce: false });
    created.push({ id: page.id, slug: page.slug, cardNumber: page.cardNumber });
  }
  return created;
}

const PAYMENT: LifecycleActor = { userId: null, label: "payment" };

/**
 * A paid replacement: new physical cards (to be written) for the same page, each replacing the lost card. The
 * cards already made for the item are counted, so a second run makes none. A page deleted since makes none.
 */
async function createReplacementCards(tx: DbOrTx, item: OrderItem, replacement: ReplacementDetails) {
  const [page] = await tx
    .select({ id: cardPages.id })
    .from(cardPages)
    .where(eq(cardPages.id, replacement.cardPageId));
  if (!page) return;
  const made = await tx
    .select({ id: physicalCards.id })
    .from(physicalCards)
    .where(eq(physicalCards.orderItemId, item.id));
  const [lost] = replacement.physicalCardId
    ? await tx
        .select({ id: physicalCards.id })
        .from(physicalCards)
        .where(and(eq(physicalCards.id, replacement.physicalCardId), eq(physicalCards.cardPageId, page.id)))
    : [];
  for (let unit = made.length + 1; unit <= item.quantity; unit++)
    await createPhysicalCard(
      tx,
      {
        cardPageId: page.id,
        orderItemId: item.id,
        replacesId: lost?.id ?? null,
        replacesOlderCards: !replacement.physicalCardId,
      },
      PAYMENT,
      { announce: false },
    );
}

/**
 * A paid team order: a physical card (to be written) on each member's company page, the page made now for a member
 * who has none. A member who has left the company since gets none; a member who has one from this item already
 * gets no second, so a second run makes nothing.
 */
async function createTeamCards(tx: DbOrTx, item: OrderItem, team: TeamOrderDetails) {
  const stillMembers = await currentMembers(
    tx,
    team.organizationId,
    team.members.map((m) => m.userId),
  );
  const made = await tx
    .select({ cardPageId: physicalCards.cardPageId })
    .from(physicalCards)
    .where(eq(physicalCards.orderItemId, item.id));
  const done = new Set(made.map((m) => m.cardPageId));
  for (const { userId } of team.members) {
    const member = stillMembers.find((m) => m.id === userId);
    if (!member) continue;
    const page = await memberCardPage(tx, { id: team.organizationId, name: team.company }, member);
    if (done.has(page.id)) continue;
    await createPhysicalCard(tx, { cardPageId: page.id, orderItemId: item.id }, PAYMENT, { announce: false });
  }
  await dropParcelsWithoutCard(
    tx,
    item.id,
    stillMembers.map((m) => m.id),
  );
}

/** The buyer's link as the page shows it: their title, and the platform's icon where there is one. */
function titledLink(link: CardLink): CardLinkInput {
  const icon = isLinkIcon(link.platform) ? link.platform : (PLATFORM_ICONS[link.platform] ?? "globe");
  return { title: link.label || PLATFORM_LABELS[link.platform] || link.platform, url: linkHref(link), icon };
}
const PLATFORM_ICONS: Record<string, string> = {
  email: "mail",
  phone: "phone",
  "phone-call": "phone",
  whatsapp: "phone",
};

/** The pages each of the given order items made, in unit order. */
export async function pagesOfItems(db: DbOrTx, itemIds: string[]) {
  if (!itemIds.length) return new Map<string, CreatedPage[]>();
  const rows = await db
    .select({
      itemId: orderItemCardPages.orderItemId,
      id: cardPages.id,
      slug: cardPages.slug,
      cardNumber: cardPages.cardNumber,
    })
    .from(orderItemCardPages)
    .innerJoin(cardPages, eq(cardPages.id, orderItemCardPages.cardPageId))
    .where(inArray(orderItemCardPages.orderItemId, itemIds))
    .orderBy(asc(orderItemCardPages.unit));
  const byItem = new Map<string, CreatedPage[]>();
  for (const { itemId, ...page } of rows) byItem.set(itemId, [...(byItem.get(itemId) ?? []), page]);
  return byItem;
}
