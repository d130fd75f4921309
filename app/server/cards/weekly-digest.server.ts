// The weekly digest: once a week each card owner who asked for it gets an e-mail with last week's taps and link
// clicks per card (docs/product.md#notifications). Run by the hourly housekeeping; the digest_sends key
// (user, week) makes each digest go out at most once, however often and in how many processes the job runs.
import { and, asc, between, desc, eq, gt, inArray, sql } from "drizzle-orm";
import {
  cardPages,
  cardViewsDaily,
  customerPreferences,
  digestSends,
  exchangedContacts,
  linkClicksDaily,
  pageLinks,
  users,
} from "~/db/schema";
import { unsubscribeToken } from "../accounts/notification-preferences.server";
import type { DbOrTx } from "../platform/db.server";
import type { OutgoingEmail } from "../platform/email/mailer.server";
import { enqueueEmail } from "../platform/email/outbox.server";
import { composeEmail } from "../platform/email/templates.server";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Customers looked at per query: the job's memory stays flat however many customers there are. */
const BATCH = 100;
/** A digest lists at most this many cards (the dashboard's own limit) and links per card. */
const CARDS_LIMIT = 100;
const TOP_LINKS = 5;

/** The moments a week of days covers: from its Monday's midnight (UTC) to the next Monday's. */
function weekMoments(week: { start: string; end: string }) {
  const from = new Date(`${week.start}T00:00:00Z`);
  return { from, to: new Date(from.getTime() + 7 * DAY_MS) };
}

/** Monday to Sunday (UTC, the days analytics are counted in) of the last full week before `now`. */
export function previousWeek(now: Date) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const sinceMonday = (now.getUTCDay() + 6) % 7;
  const start = new Date(today - (sinceMonday + 7) * DAY_MS);
  const end = new Date(start.getTime() + 6 * DAY_MS);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return { start: day(start), end: day(end) };
}

type Week = ReturnType<typeof previousWeek>;

interface Recipient {
  id: string;
  name: string;
  email: string;
  cardTaps: boolean;
  linkClicks: boolean;
}

export interface DigestOptions {
  shop: string;
  publicUrl: string;
  authSecret: string;
  now?: Date;
  /** Contacts received in [from, to): contacts/ counts them, and the digest is sent from above both domains. */
  countNewContacts: (db: DbOrTx, userId: string, from: Date, to: Date) => Promise<number>;
}

/**
 * Sends last week's digests still due. A customer gets one when e-mail notifications are on, at least one of
 * the two digests is on and they own a card or received contacts that week; a week with nothing to report is
 * recorded but sends nothing. New contacts are counted whichever digest is on.
 */
export async function sendWeeklyDigests(db: DbOrTx, opts: DigestOptions) {
  const week = previousWeek(opts.now ?? new Date());
  let sent = 0;
  let quiet = 0;
  let after = "";
  for (;;) {
    const batch = await dueRecipients(db, week, after);
    for (const recipient of batch) {
      const outcome = await db.transaction((tx) => digestFor(tx, recipient, week, opts));
      if (outcome === "sent") sent++;
      else if (outcome === "quiet") quiet++;
    }
    if (batch.length < BATCH) break;
    after = batch.at(-1)!.id;
  }
  return { sent, quiet };
}

/** Customers who want a digest and have none recorded for the week yet, in id order from `after`. */
async function dueRecipients(db: DbOrTx, week: Week, after: string): Promise<Recipient[]> {
  const cardTaps = sql<boolean>`coalesce(${customerPreferences.cardTapsDigest}, true)`;
  const linkClicks = sql<boolean>`coalesce(${customerPreferences.linkClicksDigest}, false)`;
  return db
    .select({ id: users.id, name: users.name, email: users.email, cardTaps, linkClicks })
    .from(users)
    .leftJoin(customerPreferences, eq(customerPreferences.userId, users.id))
    .where(
      and(
        gt(users.id, after),
        // Only an address the customer proved is theirs is written to.
        eq(users.emailVerified, true),
        sql`coalesce(${customerPreferences.emailNotifications}, true)`,
        sql`(${cardTaps} or ${linkClicks})`,
        sql`(exists (select 1 from ${cardPages} where ${cardPages.ownerUserId} = ${users.id})
          or exists (select 1 from ${exchangedContacts} where ${exchangedContacts.ownerUserId} = ${users.id}
            and ${exchangedContacts.createdAt} >= ${weekMoments(week).from.toISOString()}
            and ${exchangedContacts.createdAt} < ${weekMoments(week).to.toISOString()}))`,
        sql`not exists (select 1 from ${digestSends} where ${digestSends.userId} = ${users.id} and ${digestSends.weekStart} = ${week.start})`,
      ),
    )
    .orderBy(asc(users.id))
    .limit(BATCH);
}

/**
 * Claims the customer's week (the primary key lets one transaction in, anywhere) and queues the e-mail in the
 * same transaction, so a crash leaves neither and a rerun tries again.
 */
async function digestFor(tx: DbOrTx, recipient: Recipient, week: Week, opts: DigestOptions) {
  const [claimed] = await tx
    .insert(digestSends)
    .values({ userId: recipient.id, weekStart: week.start })
    .onConflictDoNothing()
    .returning({ userId: digestSends.userId });
  if (!claimed) return "taken" as const;
  const cards = await weekOfCards(tx, recipient, week);
  const active = cards.filter((c) => c.views.total > 0 || c.links.length > 0);
  const { from, to } = weekMoments(week);
  const newContacts = await opts.countNewContacts(tx, recipient.id, from, to);
  if (active.length === 0 && newContacts === 0) return "quiet" as const;
  await enqueueEmail(tx, weeklyDigestEmail({ recipient, week, cards: active, newContacts, ...opts }));
  return "sent" as const;
}

type Source = (typeof cardViewsDaily.$inferSelect)["source"];
interface CardWeek {
  cardNumber: string;
  name: string;
  slug: string;
  views: { total: number } & Record<Source, number>;
  links: { title: string; clicks: number }[];
}

/** Each owned card's views by source and its most clicked links in the week, as the customer asked for. */
async function weekOfCards(tx: DbOrTx, recipient: Recipient, week: Week): Promise<CardWeek[]> {
  const cards = await tx
    .select({
      id: cardPages.id,
      cardNumber: cardPages.cardNumber,
      name: cardPages.name,
      slug: cardPages.slug,
    })
    .from(cardPages)
    .where(eq(cardPages.ownerUserId, recipient.id))
    .orderBy(asc(cardPages.createdAt), asc(cardPages.id))
    .limit(CARDS_LIMIT);
  if (cards.length === 0) return [];
  const ids = cards.map((c) => c.id);
  const views = recipient.cardTaps
    ? await tx
        .select({
          cardPageId: cardViewsDaily.cardPageId,
          source: cardViewsDaily.source,
          count: sql<number>`sum(${cardViewsDaily.count})`.mapWith(Number),
        })
        .from(cardViewsDaily)
        .where(
          and(inArray(cardViewsDaily.cardPageId, ids), between(cardViewsDaily.day, week.start, week.end)),
        )
        .groupBy(cardViewsDaily.cardPageId, cardViewsDaily.source)
    : [];
  const clicks = recipient.linkClicks
    ? await tx
        .select({
          cardPageId: linkClicksDaily.cardPageId,
          title: pageLinks.title,
          count: sql<number>`sum(${linkClicksDaily.count})`.mapWith(Number),
        })
        .from(linkClicksDaily)
        .innerJoin(pageLinks, eq(pageLinks.id, linkClicksDaily.linkId))
        .where(
          and(inArray(linkClicksDaily.cardPageId, ids), between(linkClicksDaily.day, week.start, week.end)),
        )
        .groupBy(linkClicksDaily.cardPageId, linkClicksDaily.linkId, pageLinks.title, pageLinks.sortOrder)
        .orderBy(desc(sql`sum(${linkClicksDaily.count})`), asc(pageLinks.sortOrder))
    : [];
  return cards.map((card) => {
    const counts = { total: 0, nfc: 0, qr: 0, link: 0 };
    for (const v of views.filter((v) => v.cardPageId === card.id)) {
      counts[v.source] += v.count;
      counts.total += v.count;
    }
    const links = clicks
      .filter((c) => c.cardPageId === card.id && c.count > 0)
      .slice(0, TOP_LINKS)
      .map((c) => ({ title: c.title, clicks: c.count }));
    return { cardNumber: card.cardNumber, name: card.name, slug: card.slug, views: counts, links };
  });
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function longDate(day: string) {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

function weeklyDigestEmail(o: {
  recipient: Pick<Recipient, "id" | "name" | "email" | "cardTaps" | "linkClicks">;
  week: Week;
  cards: CardWeek[];
  newContacts: number;
  shop: string;
  publicUrl: string;
  authSecret: string;
}): OutgoingEmail {
  const base = o.publicUrl.replace(/\/+$/, "");
  const unsubscribeUrl = `${base}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(o.authSecret, o.recipient.id))}`;
  const lines = o.cards.flatMap((card) => {
    const v = card.views;
    return [
      `Card ${card.cardNumber} (${card.name}), ${base}/${card.slug}`,
      ...(o.recipient.cardTaps
        ? [
            `${plural(v.total, "view", "views")}: ${plural(v.nfc, "NFC tap", "NFC taps")}, ${plural(v.qr, "QR code scan", "QR code scans")}, ${plural(v.link, "visit", "visits")} from a shared link.`,
          ]
        : []),
      ...(o.recipient.linkClicks
        ? [
            card.links.length
              ? `Top links: ${card.links.map((l) => `${l.title} (${plural(l.clicks, "click", "clicks")})`).join(", ")}.`
              : "No link clicks this week.",
          ]
        : []),
    ];
  });
  return composeEmail({
    shop: o.shop,
    to: o.recipient.email,
    subject: `Your ${o.shop} weekly digest: ${longDate(o.week.start)} to ${longDate(o.week.end)}`,
    greeting: `Hello ${o.recipient.name},`,
    lines: [
      `Here is how your cards did from Monday ${longDate(o.week.start)} to Sunday ${longDate(o.week.end)}.`,
      ...(o.newContacts
        ? [
            `${plural(o.newContacts, "new contact", "new contacts")} shared their details with you: ${base}/dashboard/contacts`,
          ]
        : []),
      ...lines,
    ],
    action: { label: "Open your dashboard", url: `${base}/dashboard/cards` },
    after: [
      "You receive this digest because it is turned on in Settings, Notifications.",
      `To stop receiving weekly digests, open this link: ${unsubscribeUrl}`,
    ],
  });
}
