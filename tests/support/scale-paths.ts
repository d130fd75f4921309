// The reads behind the pages that must not slow down as the shop grows (the admin lists, a card page, the scale
// customer's dashboard, My Cards with its activity export, My Links, Resell and Cold Calling), each through the
// real server functions. The EXPLAIN test checks their plans; scripts/bench-scale.mjs times them.
import { sql } from "drizzle-orm";
import type { SessionUser } from "~/server/accounts/session.server";
import { listCardPages } from "~/server/cards/admin-cards.server";
import { companyAnalyticsPage } from "~/server/cards/company-analytics.server";
import { companyPhysicalCards } from "~/server/cards/company-cards.server";
import { getDashboardStats } from "~/server/cards/dashboard-home.server";
import { loadMyCardsPage, myActivityCsv } from "~/server/cards/my-cards.server";
import { loadMyLinks } from "~/server/cards/my-links.server";
import { listOwnedCards } from "~/server/cards/ownership.server";
import { createCardPageCache } from "~/server/cards/page-cache.server";
import { loadActivity, loadColdCallingOverview } from "~/server/cold-calling/prospect-activity.server";
import { loadProspects } from "~/server/cold-calling/prospects.server";
import { companyPeople } from "~/server/companies/companies.server";
import { companyEventsPage } from "~/server/companies/company-events.server";
import { teamOrderChoices } from "~/server/companies/member-cards.server";
import { loadContacts } from "~/server/contacts/contacts.server";
import type { Database } from "~/server/platform/db.server";
import {
  SCALE_COMPANY,
  SCALE_CUSTOMER,
  scaleCardNumber,
  scaleCardSlug,
} from "~/server/platform/scale-seed.server";
import { loadResell } from "~/server/referrals/resell.server";
import { listOrders } from "~/server/shop/admin-orders.server";

const PUBLIC_URL = "http://localhost:3000";
const today = () => new Date().toISOString().slice(0, 10);

export interface ScalePath {
  name: string;
  run(db: Database): Promise<unknown>;
}

/** The id the admin list's 'Next' link carries to reach the oldest page (what a visitor paging to the end sees). */
async function lastPageCursor(db: Database, table: "card_pages" | "orders") {
  const result = await db.execute(
    sql.raw(`select id from ${table} order by created_at asc, id asc offset 10 limit 1`),
  );
  const [row] = (result as unknown as { rows: { id: string }[] }).rows;
  return row?.id;
}

async function middleOrderNumber(db: Database) {
  const result = await db.execute(
    sql`select order_number from orders order by created_at desc offset (select count(*) / 2 from orders) limit 1`,
  );
  return (result as unknown as { rows: { order_number: string }[] }).rows[0]?.order_number ?? "WC";
}

/** Each path, its arguments worked out from the database as it stands (call after seeding). */
export async function scalePaths(db: Database, cards: number): Promise<ScalePath[]> {
  const customer = {
    id: SCALE_CUSTOMER.id,
    email: SCALE_CUSTOMER.email,
    name: "Scale Customer",
  } as SessionUser;
  const lastCards = await lastPageCursor(db, "card_pages");
  const lastOrders = await lastPageCursor(db, "orders");
  // A card in the middle of the list: its page is neither the newest nor the oldest row.
  const middle = Math.floor(cards / 2) + 1;
  const slug = scaleCardSlug(middle);
  const orderNumber = await middleOrderNumber(db);
  // A name prefix whose matches fill the list's page in either database of bench:scale: "Person 1"-"Person 100" on
  // the small one (100 cards); on a larger one "Person 12", "120"-"129", "1200"-"1299" and "12000"-"12999". Both
  // lists then show 20 rows, so the ratio is what the larger table costs, not 19 more rows.
  const nameSearch = cards <= 100 ? "person" : "person 12";
  const cached = createCardPageCache();
  const cacheOptions = { db, publicUrl: PUBLIC_URL, siteName: "TapCard", shared: false };
  const dashboard = (path: string) => new URL(`${PUBLIC_URL}/dashboard/${path}`);
  return [
    { name: "admin cards, first page", run: () => listCardPages(db, {}) },
    { name: "admin cards, search a number", run: () => listCardPages(db, { q: scaleCardNumber(middle) }) },
    { name: "admin cards, search a name", run: () => listCardPages(db, { q: nameSearch }) },
    { name: "admin cards, last page", run: () => listCardPages(db, { after: lastCards }) },
    { name: "admin orders, first page", run: () => listOrders(db, {}) },
    { name: "admin orders, search a number", run: () => listOrders(db, { q: orderNumber }) },
    {
      name: "admin orders, search a name",
      run: () => listOrders(db, { q: "customer 1", status: "completed" }),
    },
    { name: "admin orders, last page", run: () => listOrders(db, { after: lastOrders }) },
    { name: "card page, cold", run: () => createCardPageCache().load(cacheOptions, slug, "nfc") },
    { name: "card page, cached", run: () => cached.load(cacheOptions, slug, "nfc") },
    {
      name: "dashboard home",
      run: () => Promise.all([getDashboardStats(db, customer.id, today()), listOwnedCards(db, customer.id)]),
    },
    { name: "my links", run: () => loadMyLinks(db, customer, dashboard("links")) },
    {
      name: "my cards, 365 days",
      run: () => loadMyCardsPage(db, customer, PUBLIC_URL, dashboard("cards?range=365")),
    },
    {
      name: "my cards activity CSV, 365 days",
      run: () => myActivityCsv(db, customer, dashboard("cards/activity.csv?range=365")),
    },
    { name: "resell", run: () => loadResell(db, customer.id, PUBLIC_URL) },
    {
      name: "prospects, first page",
      run: () => loadProspects(db, customer.id, dashboard("cold-calling/prospects")),
    },
    {
      name: "prospects, last page",
      run: () => loadProspects(db, customer.id, dashboard("cold-calling/prospects?page=80")),
    },
    {
      name: "prospects, search",
      run: () =>
        loadProspects(db, customer.id, dashboard("cold-calling/prospects?q=business+12&status=contacted")),
    },
    { name: "cold calling overview", run: () => loadColdCallingOverview(db, customer.id) },
    {
      name: "prospect activity",
      run: () => loadActivity(db, customer.id, dashboard("cold-calling/activity")),
    },
    ...companyPaths(db),
  ];
}

/** The scale company's pages for its owner: each list's first page, the people a page further on too. */
function companyPaths(db: Database): ScalePath[] {
  const co = SCALE_COMPANY.id;
  const company = (path: string) => new URL(`${PUBLIC_URL}/dashboard/company/${SCALE_COMPANY.slug}/${path}`);
  return [
    { name: "company people", run: () => companyPeople(db, co) },
    { name: "company people, next page", run: () => companyPeople(db, co, "scale-co-member-50") },
    { name: "company cards", run: () => companyPhysicalCards(db, co) },
    { name: "company contacts", run: () => loadContacts(db, { organizationId: co }, company("contacts")) },
    { name: "company analytics, 30 days", run: () => companyAnalyticsPage(db, co, today(), 30) },
    { name: "company order cards", run: () => teamOrderChoices(db, co) },
    { name: "company log", run: () => companyEventsPage(db, co) },
  ];
}
