// The dashboard's Cards section as data: the customer's cards with a preview of each public page, the selected
// card's profile (?card=WC1234), the QR dialog's card (?qr=WC1234) and the scan activity with its link clicks over
// the range asked (?range=7|30|90|365 days, 30 by default), which the activity CSV export also serves.
// Only the signed-in customer's own cards are ever read; any other card number answers 404.
import { and, eq } from "drizzle-orm";
import { data } from "react-router";
import { cardPages } from "~/db/schema";
import {
  ACTIVITY_RANGE_REFUSED,
  ACTIVITY_RANGES,
  type ActivityRange,
  activityBucket,
  parseActivityRange,
} from "~/schemas/activity-range";
import { utcDay } from "~/utils/dates";
import type { SessionUser } from "../accounts/session.server";
import type { DbOrTx } from "../platform/db.server";
import { activityCsv } from "./activity-csv.server";
import { cardLifecycle } from "./card-lifecycle.server";
import { activityPeriod, linkClicksInRange, scanActivity } from "./card-stats.server";
import { listOwnedOneLinkCards } from "./one-link-cards.server";
import { listOwnedCards, type OwnedCard } from "./ownership.server";

/** A card number from the address, normalised; anything else is not a card number. */
function cardNumberParam(value: string | null) {
  if (value === null) return null;
  const v = value.trim().toUpperCase();
  return v.length <= 6 && /^WC\d{4}$/.test(v) ? v : "";
}

const notFound = () => data("Card not found", { status: 404 });

/** The range of ?range=; anything but an offered range answers 400. */
function rangeParam(url: URL): ActivityRange {
  const range = parseActivityRange(url.searchParams.get("range"));
  if (range === null) throw data(ACTIVITY_RANGE_REFUSED, { status: 400 });
  return range;
}

/** The activity's address with a range and the selected card kept (the range links and the CSV export). */
function activityHref(path: string, range: ActivityRange, cardNumber: string | null) {
  const query = new URLSearchParams(cardNumber ? { card: cardNumber } : {});
  query.set("range", String(range));
  return `${path}?${query}`;
}

/** Everything the Cards section shows for the address asked. Throws a 404 for a card that is not the customer's. */
export async function loadMyCardsPage(
  db: DbOrTx,
  user: SessionUser,
  publicUrl: string,
  url: URL,
  today = utcDay(),
) {
  const cards = await listOwnedCards(db, user.id);
  const selected = cardNumberParam(url.searchParams.get("card"));
  const qr = cardNumberParam(url.searchParams.get("qr"));
  const selectedCard = selected === null ? null : cards.find((c) => c.cardNumber === selected);
  if (selectedCard === undefined) throw notFound();
  if (qr !== null && !cards.some((c) => c.cardNumber === qr)) throw notFound();
  const range = rangeParam(url);

  const profile = selectedCard ? cards.find((c) => c.id === selectedCard.id) : undefined;
  const base = publicUrl.replace(/\/+$/, "");
  return {
    cards,
    oneLinkCards: await listOwnedOneLinkCards(db, user.id),
    publicUrl: base,
    selected: selectedCard ? selectedCard.cardNumber : null,
    qr: qr || null,
    profile: profile ?? null,
    /** The selected card's state and physical cards. */
    lifecycle: selectedCard ? await cardLifecycle(db, selectedCard.id, "owner") : null,
    activity: cards.length
      ? await activity(
          db,
          user,
          selectedCard?.id,
          selectedCard?.cardNumber ?? null,
          range,
          today,
          cards.length,
        )
      : null,
  };
}

/** The Scan activity section over a range: a few queries for all the cards together, none per card or link. */
async function activity(
  db: DbOrTx,
  user: SessionUser,
  cardPageId: string | undefined,
  cardNumber: string | null,
  range: ActivityRange,
  today: string,
  cardCount: number,
) {
  const bucket = activityBucket(range);
  const period = activityPeriod(today, range, bucket);
  const scope = { ownerUserId: user.id, cardPageId };
  return {
    range,
    bucket,
    points: await scanActivity(db, scope, today, period),
    spans: period.spans,
    links: await linkClicksInRange(db, scope, today, range),
    of: cardNumber ? `card ${cardNumber}` : cardCount === 1 ? "your card" : "your cards",
    ranges: ACTIVITY_RANGES.map((r) => ({
      days: r,
      href: `${activityHref("/dashboard/cards", r, cardNumber)}#scan-activity`,
      current: r === range,
    })),
    csvHref: activityHref("/dashboard/cards/activity.csv", range, cardNumber),
  };
}

/**
 * The activity CSV of the address asked (?range=, ?card=): the customer's own cards, or the one card named, which
 * must be theirs (404 otherwise).
 */
export async function myActivityCsv(db: DbOrTx, user: SessionUser, url: URL, today = utcDay()) {
  const range = rangeParam(url);
  const cardNumber = cardNumberParam(url.searchParams.get("card"));
  let cardPageId: string | undefined;
  if (cardNumber !== null) {
    const [card] = cardNumber
      ? await db
          .select({ id: cardPages.id })
          .from(cardPages)
          .where(and(eq(cardPages.cardNumber, cardNumber), eq(cardPages.ownerUserId, user.id)))
      : [];
    if (!card) throw notFound();
    cardPageId = card.id;
  }
  return {
    csv: await activityCsv(db, { ownerUserId: user.id, cardPageId }, today, range),
    filename: `card-activity-${cardNumber ? `${cardNumber}-` : ""}${range}-days-to-${today}.csv`,
  };
}

export type MyCard = OwnedCard;
