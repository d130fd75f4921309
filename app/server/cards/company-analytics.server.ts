// A company's analytics per member: each company card page's views by how it was opened (NFC, QR, link), its link
// clicks and the contacts shared with it over a range of days, from the daily aggregates; paged for the page and
// whole for the CSV. A page whose holder left stays in the figures under its own name.
import { asc, eq, sql } from "drizzle-orm";
import { cardPages, users } from "~/db/schema";
import { toCsv } from "~/utils/csv";
import { addDays } from "~/utils/dates";
import type { DbOrTx } from "../platform/db.server";

const PAGE = 50;
/** The most rows the CSV holds: one per company card, so a company at the members' limit fits. */
const CSV_MAX_ROWS = 20_000;

function memberActivity(db: DbOrTx, organizationId: string, today: string, days: number) {
  const from = addDays(today, -(days - 1));
  // Written out: drizzle leaves column names unqualified inside sql``, so each subquery names its own table.
  const views = (source: string) =>
    sql<number>`(select coalesce(sum(v.count), 0)::int from card_views_daily v
      where v.card_page_id = card_pages.id and v.source = ${source} and v.day between ${from} and ${today})`;
  return db
    .select({
      id: cardPages.id,
      cardNumber: cardPages.cardNumber,
      pageName: cardPages.name,
      holder: users.name,
      nfc: views("nfc"),
      qr: views("qr"),
      link: views("link"),
      clicks: sql<number>`(select coalesce(sum(c.count), 0)::int from link_clicks_daily c
        where c.card_page_id = card_pages.id and c.day between ${from} and ${today})`,
      // Contacts are counted by the UTC day they were shared, as views are.
      contacts: sql<number>`(select count(*)::int from exchanged_contacts x where x.card_page_id = card_pages.id
        and x.created_at >= ${from}::date and x.created_at < (${today}::date + 1))`,
    })
    .from(cardPages)
    .leftJoin(users, eq(users.id, cardPages.ownerUserId))
    .where(eq(cardPages.organizationId, organizationId))
    .orderBy(asc(cardPages.name), asc(cardPages.id));
}

/** One page of 50 company cards with their figures, by name. */
export async function companyAnalyticsPage(
  db: DbOrTx,
  organizationId: string,
  today: string,
  days: number,
  offset = 0,
) {
  const rows = await memberActivity(db, organizationId, today, days)
    .limit(PAGE + 1)
    .offset(offset);
  return {
    rows: rows.slice(0, PAGE).map(({ pageName, holder, ...r }) => ({
      ...r,
      member: holder ?? `${pageName} (left)`,
      views: r.nfc + r.qr + r.link,
    })),
    more: rows.length > PAGE,
  };
}

export const COMPANY_ANALYTICS_CSV_HEADER = [
  "card_number",
  "member",
  "views",
  "nfc",
  "qr",
  "link",
  "clicks",
  "contacts",
] as const;

/** Every company card's figures as CSV; names are people's text, so csvCell() neutralises formulas in them. */
export async function companyAnalyticsCsv(db: DbOrTx, organizationId: string, today: string, days: number) {
  const rows = await memberActivity(db, organizationId, today, days).limit(CSV_MAX_ROWS);
  return toCsv(
    COMPANY_ANALYTICS_CSV_HEADER,
    rows.map((r) => [
      r.cardNumber,
      r.holder ?? `${r.pageName} (left)`,
      r.nfc + r.qr + r.link,
      r.nfc,
      r.qr,
      r.link,
      r.clicks,
      r.contacts,
    ]),
  );
}
