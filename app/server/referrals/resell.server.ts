// The customer's Resell section: their referral link, figures from their own commission rows, their recent
// referrals (buyers named by first name and initial only) and the payouts they have received.
import { desc, eq, inArray, sql } from "drizzle-orm";
import QRCode from "qrcode";
import { CARD_TYPES, CARDS, type CardType } from "~/catalog";
import { orders, referralCommissions, referralPayouts } from "~/db/schema";
import type { DbOrTx } from "../platform/db.server";
import { privateName, referralStats } from "./referral-stats.server";
import { getOrCreateReferralCode } from "./referrals.server";

const RECENT_REFERRALS = 10;
const RECENT_PAYOUTS = 20;

function referralLink(publicUrl: string, code: string) {
  return `${publicUrl}/?ref=${encodeURIComponent(code)}`;
}

export async function loadResell(db: DbOrTx, userId: string, publicUrl: string, now = new Date()) {
  const code = await getOrCreateReferralCode(db, userId);
  // Every figure is about this customer's rows only: the referrer is the signed-in account.
  const mine = eq(referralCommissions.referrerUserId, userId);
  // Added up in the database by status and month, so the cost stays flat however many referrals there are.
  const month = sql<string>`to_char(date_trunc('month', ${referralCommissions.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const groups = await db
    .select({
      status: referralCommissions.status,
      month,
      count: sql<number>`count(*)::int`,
      amount: sql<number>`coalesce(sum(${referralCommissions.amount}), 0)::int`,
    })
    .from(referralCommissions)
    .where(mine)
    .groupBy(referralCommissions.status, month);
  const facts = groups.map((g) => ({
    status: g.status,
    amount: Number(g.amount),
    count: Number(g.count),
    createdAt: new Date(`${g.month}T00:00:00Z`),
  }));
  const recentRows = await db
    .select({
      id: referralCommissions.id,
      orderId: referralCommissions.orderId,
      amount: referralCommissions.amount,
      status: referralCommissions.status,
      createdAt: referralCommissions.createdAt,
      customerName: orders.customerName,
      sale: orders.total,
      // The order's cards, read with the row: one query for the list.
      cards: sql<{ kind: string; quantity: number }[]>`(select coalesce(json_agg(json_build_object(
        'kind', i.kind, 'quantity', i.quantity)), '[]'::json) from order_items i
        where i.order_id = ${orders.id} and ${inArray(sql`i.kind`, CARD_TYPES)})`,
    })
    .from(referralCommissions)
    .innerJoin(orders, eq(orders.id, referralCommissions.orderId))
    .where(mine)
    .orderBy(desc(referralCommissions.createdAt), desc(referralCommissions.id))
    .limit(RECENT_REFERRALS);
  const payouts = await db
    .select({
      id: referralPayouts.id,
      amount: referralPayouts.amount,
      reference: referralPayouts.reference,
      createdAt: referralPayouts.createdAt,
    })
    .from(referralPayouts)
    .where(eq(referralPayouts.referrerUserId, userId))
    .orderBy(desc(referralPayouts.createdAt))
    .limit(RECENT_PAYOUTS);
  return {
    code,
    link: referralLink(publicUrl, code),
    qr: qrPath(referralLink(publicUrl, code)),
    stats: referralStats(facts, now),
    referrals: recentRows.map((r) => ({
      id: r.id,
      customer: privateName(r.customerName),
      cardType: cardTypeLabel(r.cards),
      sale: r.sale,
      commission: r.amount,
      status: r.status,
      date: r.createdAt.toISOString(),
    })),
    payouts: payouts.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
  };
}
export type ResellData = Awaited<ReturnType<typeof loadResell>>;

/** 'Multi Link', or '2 × One Link, Multi Link' for an order of several cards. */
function cardTypeLabel(items: { kind: string; quantity: number }[]) {
  const counts = new Map<string, number>();
  for (const i of items) {
    const name = CARDS[i.kind as CardType]?.name ?? i.kind;
    counts.set(name, (counts.get(name) ?? 0) + i.quantity);
  }
  return [...counts].map(([name, n]) => (n > 1 ? `${n} × ${name}` : name)).join(", ") || "Card";
}

/** The referral link as a printable QR code (SVG). */
/**
 * The QR code of a text as one SVG path of its dark modules, in module units with a 2-module quiet zone. The page
 * draws it inline: as an image it was a request of its own after the page's scripts, and the page's largest
 * element, so it held back the largest paint.
 */
export function qrPath(text: string) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const margin = 2;
  let path = "";
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      path += `M${start + margin} ${row + margin}h${col - start}v1h-${col - start}z`;
    }
  }
  return { size: modules.size + 2 * margin, path };
}

export async function referralQrSvg(db: DbOrTx, userId: string, publicUrl: string) {
  const code = await getOrCreateReferralCode(db, userId);
  return QRCode.toString(referralLink(publicUrl, code), {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 2,
  });
}
