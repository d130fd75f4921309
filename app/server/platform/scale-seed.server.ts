// Load-test data (`npm run seed:scale`): a shop many years old, written by set-based SQL (generate_series) so a
// hundred thousand card pages take seconds, not hours. Never for production; one run per database.
import { sql } from "drizzle-orm";
import type { Database } from "./db.server";

export interface ScaleSize {
  cards: number;
  /** Links per card page. */
  linksPerCard: number;
  customers: number;
  orders: number;
  /** Prospects of other customers, beside the scale customer's own. */
  otherProspects: number;
  /** Other customers in the scale customer's company (SCALE_COMPANY), each with a company card; none when absent. */
  companyMembers?: number;
}

/** PostgreSQL: 100,000 card pages, 1,000,000 links, 5,000,000 clicks, 50,000 orders, 20,000 customers. */
export const FULL_SCALE: ScaleSize = {
  cards: 100_000,
  linksPerCard: 10,
  customers: 20_000,
  orders: 50_000,
  otherProspects: 100_000,
  companyMembers: 10_000,
};

/** The embedded database holds a tenth. */
export const TENTH_SCALE: ScaleSize = {
  cards: 10_000,
  linksPerCard: 10,
  customers: 2_000,
  orders: 5_000,
  otherProspects: 10_000,
  companyMembers: 1_000,
};

/** The account whose dashboard the benchmarks read: 50 cards, 2,000 prospects, referral commissions. */
export const SCALE_CUSTOMER = { id: "scale-customer", email: "scale-customer@scale.example" } as const;
const SCALE_CUSTOMER_CARDS = 50;
const SCALE_CUSTOMER_PROSPECTS = 2_000;
/**
 * Orders the scale customer referred, spread over the shop's history at every size: the Resell page reads the
 * reseller's own history, so the benchmark keeps that history the same and lets only the shop around it grow.
 */
const SCALE_CUSTOMER_REFERRALS = 40;
/** The scale customer's company: `companyMembers` of the other customers, each with a company card. */
export const SCALE_COMPANY = { id: "scale-co", slug: "scale-co" } as const;
/** Views per card in the aggregates (ten daily rows of 5). */
const VIEWS_PER_CARD = 50;

const STATE_KEY = "seed:scale";

class ScaleSeedError extends Error {
  override name = "ScaleSeedError";
}

/** The slug of seeded card n (1-based); card 1 is the newest. */
export const scaleCardSlug = (n: number) => `scale-${n}`;
/** The card number of seeded card n, unless it is one of the scale customer's (those have WC numbers). */
export const scaleCardNumber = (n: number) => `SC${String(n).padStart(6, "0")}`;

/**
 * Fills the database in one transaction, so a failure leaves nothing half-written. Refuses a database that
 * already holds the scale data. `passwordHash` is the edit password every seeded card shares; with
 * `customerPasswordHash` (better-auth's hash) the scale customer can sign in.
 */
export async function seedScale(
  db: Database,
  size: ScaleSize,
  passwordHash: string,
  opts: { customerPasswordHash?: string } = {},
) {
  if (size.cards % SCALE_CUSTOMER_CARDS !== 0 || size.customers < 2 || size.orders < 25)
    throw new ScaleSeedError(
      `cards must be a multiple of ${SCALE_CUSTOMER_CARDS}, with 2+ customers, 25+ orders`,
    );
  const started = Date.now();
  await db.transaction(async (tx) => {
    // Taken first, so two runs at once cannot both pass the check below.
    await tx.execute(sql`lock table app_state in exclusive mode`);
    // The commit waits for the disk even where commits are asynchronous (the test servers): until it is there no
    // row can be marked as seen by all, and the vacuum below would leave the visibility map empty.
    await tx.execute(sql`set local synchronous_commit = on`);
    const done = await tx.execute(sql`select value from app_state where key = ${STATE_KEY}`);
    if (rowsOf(done).length > 0)
      throw new ScaleSeedError(
        "This database already holds the scale data (npm run seed:scale ran before). Use a fresh database.",
      );
    for (const statement of scaleStatements(size, passwordHash)) await tx.execute(statement);
    if (opts.customerPasswordHash)
      await tx.execute(
        sql`insert into accounts (id, account_id, provider_id, user_id, password)
          values ('scale-customer-credential', ${SCALE_CUSTOMER.id}, 'credential', ${SCALE_CUSTOMER.id}, ${opts.customerPasswordHash})`,
      );
    await tx.execute(
      sql`insert into app_state (key, value) values (${STATE_KEY}, ${JSON.stringify({ at: new Date().toISOString(), ...size })}::jsonb)`,
    );
  });
  // What autovacuum's next round would leave, at once: the visibility map, so index-only scans need not visit the
  // rows (just after a bulk load no page is marked, a state a live shop's tables leave within a minute), and fresh
  // statistics, so the planner sees the new sizes. Vacuum first: an analyze commits, and on a server with
  // asynchronous commits a commit not yet on disk keeps the vacuum from marking the rows committed near it.
  await db.execute(sql`vacuum`);
  await db.execute(sql`analyze`);
  return { ms: Date.now() - started };
}

function rowsOf(result: unknown): unknown[] {
  // node-postgres returns { rows }, PGlite the same shape through drizzle.
  return (result as { rows?: unknown[] }).rows ?? [];
}

function scaleStatements(size: ScaleSize, passwordHash: string) {
  const { cards, linksPerCard, customers, orders, otherProspects } = size;
  const others = customers - 1;
  // Every stride-th card is the scale customer's: 50 cards spread over the whole list, not the newest 50.
  const stride = cards / SCALE_CUSTOMER_CARDS;
  const user = (n: string) => sql.raw(`'scale-user-' || ((${n}) % ${others} + 1)`);
  return [
    sql`insert into users (id, name, email, email_verified, role, created_at, updated_at)
      values (${SCALE_CUSTOMER.id}, 'Scale Customer', ${SCALE_CUSTOMER.email}, true, 'customer', now() - interval '3 years', now())`,
    sql`insert into users (id, name, email, email_verified, role, created_at, updated_at)
      select 'scale-user-' || n, 'Customer ' || n, 'customer' || n || '@scale.example', true, 'customer',
        now() - n * interval '1 hour', now()
      from generate_series(1, ${others}::int) n`,
    sql`insert into shops (id, name, location)
      select md5('scale-shop-' || n)::uuid, 'Scale Shop ' || n, 'Town ' || n from generate_series(1, 50) n`,
    // The scale customer's cards take free WC numbers (what the forms accept); the others an SC number of their own.
    sql`create temporary table scale_card_numbers on commit drop as
      select row_number() over (order by x) as k, 'WC' || x as number
      from generate_series(1000, 9999) x
      where not exists (select 1 from card_pages c where c.card_number = 'WC' || x)
      order by x limit ${SCALE_CUSTOMER_CARDS}::int`,
    sql`insert into card_pages (id, card_number, name, business_name, slug, password_hash, bio, is_sold, shop_id,
        owner_user_id, created_at, updated_at)
      select md5('scale-card-' || n)::uuid,
        coalesce(w.number, 'SC' || lpad(n::text, 6, '0')),
        'Person ' || n, 'Business ' || (n % 5000), 'scale-' || n, ${passwordHash}, 'A card made for load tests.',
        n % 3 <> 0,
        case when n % 4 = 0 then md5('scale-shop-' || (n % 50 + 1))::uuid end,
        case when n % ${stride}::int = 0 then ${SCALE_CUSTOMER.id}
             when n % 5 <> 0 then ${user("n")} end,
        now() - n * interval '5 minutes', now() - n * interval '5 minutes'
      from generate_series(1, ${cards}::int) n
      left join scale_card_numbers w on n % ${stride}::int = 0 and w.k = n / ${stride}::int`,
    sql`insert into page_links (id, card_page_id, title, url, icon, sort_order, created_at)
      select md5('scale-link-' || n || '-' || k)::uuid, md5('scale-card-' || n)::uuid,
        (array['Instagram', 'LinkedIn', 'Website', 'PayPal', 'Facebook', 'Menu', 'Revolut', 'YouTube', 'Blog', 'Book'])[k % 10 + 1],
        (array['https://instagram.com/p', 'https://linkedin.com/in/p', 'https://example.com/p', 'https://paypal.me/p',
               'https://facebook.com/p', 'https://example.org/menu', 'https://revolut.me/p', 'https://youtube.com/@p',
               'https://blog.example.com/p', 'https://example.net/book'])[k % 10 + 1] || n,
        (array['instagram', 'linkedin', 'globe', 'paypal', 'facebook', 'globe', 'globe', 'youtube', 'globe', 'globe'])[k % 10 + 1],
        k, now() - n * interval '5 minutes'
      from generate_series(1, ${cards}::int) n, generate_series(0, ${linksPerCard - 1}::int) k`,
    // Ten days of views per card (days spread over the last 90, every source), VIEWS_PER_CARD in all.
    sql`insert into card_views_daily (card_page_id, day, source, count)
      select md5('scale-card-' || n)::uuid, current_date - (k * 9 + n % 9),
        (array['nfc', 'qr', 'link'])[(n + k) % 3 + 1], ${VIEWS_PER_CARD / 10}::int
      from generate_series(1, ${cards}::int) n, generate_series(0, 9) k`,
    // Two days per link (30 days apart, within the last 60) of 2 and 3 clicks: 1,000,000 links make 5,000,000.
    sql`insert into link_clicks_daily (link_id, card_page_id, day, source, count)
      select md5('scale-link-' || n || '-' || k)::uuid, md5('scale-card-' || n)::uuid,
        current_date - ((n + k + j * 30) % 60), (array['nfc', 'qr', 'link'])[(n + j) % 3 + 1], 2 + j
      from generate_series(1, ${cards}::int) n, generate_series(0, ${linksPerCard - 1}::int) k, generate_series(0, 1) j`,
    // Order numbers (WC + 6 digits) not yet handed out.
    sql`create temporary table scale_order_numbers on commit drop as
      select row_number() over (order by x) as n, 'WC' || x as number
      from generate_series(100000, 999999) x
      where not exists (select 1 from order_numbers o where o.number = 'WC' || x)
      order by x limit ${orders}::int`,
    sql`insert into order_numbers (number, created_at)
      select number, now() - n * interval '20 minutes' from scale_order_numbers`,
    sql`insert into referrers (user_id, code, created_at)
      select ${SCALE_CUSTOMER.id}, 'SCALE-CUSTOMER', now() - interval '2 years'
      union all
      select 'scale-user-' || n, 'SCALE-' || n, now() - interval '2 years'
      from generate_series(1, least(1000, ${others}::int)) n`,
    // Statuses by n % 10: 0 awaiting payment, 1 cancelled, 2 refunded, 3-5 paid, 6-9 completed. Every other order
    // was referred, by one of 1,000 resellers; 40 of them, evenly spread, by the scale customer.
    sql`insert into orders (id, order_number, status, payment_method, user_id, customer_name, customer_email,
        customer_phone, delivery_address, subtotal, delivery_fee, discount, total, referrer_user_id,
        access_token_hash, paid_at, created_at, updated_at)
      select md5('scale-order-' || n)::uuid, s.number,
        (array['awaiting_payment', 'cancelled', 'refunded', 'paid', 'paid', 'paid', 'completed', 'completed',
               'completed', 'completed'])[n % 10 + 1],
        case when n % 2 = 0 then 'card' else 'bank_transfer' end,
        ${user("n")}, 'Customer ' || (n % ${others}::int + 1), 'customer' || (n % ${others}::int + 1) || '@scale.example',
        '07700 900' || lpad((n % 1000)::text, 3, '0'),
        jsonb_build_object('fullName', 'Customer ' || (n % ${others}::int + 1),
          'email', 'customer' || (n % ${others}::int + 1) || '@scale.example', 'phone', '07700 900000',
          'addressLine1', n || ' High Street', 'city', 'London', 'postalCode', 'E1 6AN', 'country', 'United Kingdom'),
        2999, 0, 0, 2999,
        case when n % greatest(1, ${orders}::int / ${SCALE_CUSTOMER_REFERRALS}::int) = 0
               and n <= ${SCALE_CUSTOMER_REFERRALS}::int * greatest(1, ${orders}::int / ${SCALE_CUSTOMER_REFERRALS}::int)
             then ${SCALE_CUSTOMER.id}
             when n % 2 = 0 then 'scale-user-' || (n % least(1000, ${others}::int) + 1) end,
        md5('scale-token-' || n),
        case when n % 10 >= 2 then now() - n * interval '20 minutes' + interval '1 hour' end,
        now() - n * interval '20 minutes', now() - n * interval '20 minutes'
      from scale_order_numbers s`,
    sql`insert into order_items (id, order_id, kind, name, unit_price, quantity, details, sort_order)
      select md5('scale-item-' || n)::uuid, md5('scale-order-' || n)::uuid,
        case when n % 3 = 0 then 'one-link' else 'multi-link' end,
        case when n % 3 = 0 then 'One Link' else 'Multi Link' end, 2999, 1,
        jsonb_build_object('name', 'Customer ' || n, 'links',
          jsonb_build_array(jsonb_build_object('platform', 'website', 'label', 'Website',
            'url', 'https://example.com/' || n))),
        0
      from generate_series(1, ${orders}::int) n`,
    // Each order's history: placed, then moved to the status it has now.
    sql`insert into order_status_history (order_id, from_status, to_status, actor, created_at)
      select o.id, null, 'awaiting_payment', 'customer', o.created_at
      from orders o where o.order_number in (select number from scale_order_numbers)
      union all
      select o.id, 'awaiting_payment', o.status, 'scale seed', coalesce(o.paid_at, o.created_at + interval '1 day')
      from orders o where o.status <> 'awaiting_payment' and o.order_number in (select number from scale_order_numbers)`,
    // A commission per referred order, following the order: paid -> pending, completed -> completed (the older
    // half paid out), cancelled or refunded -> reversed.
    sql`insert into referral_payouts (id, referrer_user_id, amount, reference, created_at)
      select md5('scale-payout-' || n)::uuid, ${SCALE_CUSTOMER.id}, 3000, 'Scale payout ' || n,
        now() - n * interval '30 days'
      from generate_series(1, 12) n`,
    sql`insert into referral_commissions (id, order_id, referrer_user_id, amount, status, payout_id, created_at, updated_at)
      select md5('scale-commission-' || o.id)::uuid, o.id, o.referrer_user_id, o.total / 10,
        case when o.status = 'paid' then 'pending'
             when o.status = 'completed' and o.created_at < now() - interval '180 days' then 'paid_out'
             when o.status = 'completed' then 'completed'
             else 'reversed' end,
        case when o.status = 'completed' and o.created_at < now() - interval '180 days'
               and o.referrer_user_id = ${SCALE_CUSTOMER.id} then md5('scale-payout-1')::uuid end,
        coalesce(o.paid_at, o.created_at), coalesce(o.paid_at, o.created_at)
      from orders o
      where o.referrer_user_id is not null and o.status <> 'awaiting_payment'
        and o.order_number in (select number from scale_order_numbers)`,
    // Prospects: the scale customer's 2,000, and other customers' (500 each) so the table is big.
    sql`insert into prospects (id, user_id, business_name, contact_name, phone, email, business_type, status,
        last_contact_date, created_at, updated_at)
      select md5('scale-prospect-' || n)::uuid,
        case when n <= ${SCALE_CUSTOMER_PROSPECTS}::int then ${SCALE_CUSTOMER.id} else ${user("n / 500")} end,
        'Prospect Business ' || n, 'Contact ' || n, '020 7946 ' || lpad((n % 10000)::text, 4, '0'),
        'prospect' || n || '@scale.example',
        (array['restaurant', 'barbershop', 'salon', 'retail'])[n % 4 + 1],
        (array['not_contacted', 'not_contacted', 'contacted', 'meeting_scheduled', 'sale_made', 'not_interested'])[n % 6 + 1],
        case when n % 6 >= 2 then now() - (n % 60) * interval '1 day' end,
        now() - n * interval '10 minutes', now() - n * interval '10 minutes'
      from generate_series(1, ${SCALE_CUSTOMER_PROSPECTS + otherProspects}::int) n`,
    // Two entries per prospect contacted so far: the status change and a note.
    sql`insert into prospect_activities (prospect_id, user_id, kind, from_status, to_status, note, created_at)
      select p.id, p.user_id, k.kind, case when k.kind = 'status' then 'not_contacted' end,
        case when k.kind = 'status' then p.status end, case when k.kind = 'note' then 'Called, left a message.' end,
        p.last_contact_date
      from prospects p, (values ('status'), ('note')) k(kind)
      where p.last_contact_date is not null and p.id = any (
        select md5('scale-prospect-' || n)::uuid from generate_series(1, ${SCALE_CUSTOMER_PROSPECTS + otherProspects}::int) n)`,
    ...(size.companyMembers ? companyStatements(Math.min(size.companyMembers, others), passwordHash) : []),
  ];
}

/**
 * The scale customer's company (they own it; every 100th member is an admin), each member with a company card page
 * carrying a written chip, ten days of views and two contacts, and a log of their joining.
 */
function companyStatements(people: number, passwordHash: string) {
  const co = SCALE_COMPANY.id;
  return [
    sql`insert into organizations (id, name, slug, contact_email, created_at)
      values (${co}, 'Scale Company', ${SCALE_COMPANY.slug}, 'office@scale.example', now() - interval '2 years')`,
    sql`insert into members (id, organization_id, user_id, role, created_at)
      values ('scale-co-owner', ${co}, ${SCALE_CUSTOMER.id}, 'owner', now() - interval '2 years')`,
    sql`insert into members (id, organization_id, user_id, role, created_at)
      select 'scale-co-member-' || n, ${co}, 'scale-user-' || n, case when n % 100 = 0 then 'admin' else 'member' end,
        now() - n * interval '1 hour'
      from generate_series(1, ${people}::int) n`,
    sql`insert into card_pages (id, card_number, name, business_name, slug, password_hash, owner_user_id,
        organization_id, job_title, created_at, updated_at)
      select md5('scale-co-card-' || n)::uuid, 'SK' || lpad(n::text, 6, '0'), 'Customer ' || n, 'Scale Company',
        'scale-co-' || n, ${passwordHash}, 'scale-user-' || n, ${co}, 'Sales', now() - n * interval '1 hour', now()
      from generate_series(1, ${people}::int) n`,
    sql`insert into physical_cards (card_page_id, token, state, written_at, created_at)
      select md5('scale-co-card-' || n)::uuid, substr(md5('scale-co-chip-' || n), 1, 11), 'active',
        now() - n * interval '1 hour', now() - n * interval '1 hour'
      from generate_series(1, ${people}::int) n`,
    sql`insert into card_views_daily (card_page_id, day, source, count)
      select md5('scale-co-card-' || n)::uuid, current_date - (k * 9 + n % 9),
        (array['nfc', 'qr', 'link'])[(n + k) % 3 + 1], ${VIEWS_PER_CARD / 10}::int
      from generate_series(1, ${people}::int) n, generate_series(0, 9) k`,
    sql`insert into exchanged_contacts (owner_user_id, card_page_id, organization_id, name, email, source,
        consented_at, created_at)
      select 'scale-user-' || n, md5('scale-co-card-' || n)::uuid, ${co}, 'Lead ' || n || '-' || k,
        'lead' || n || '-' || k || '@scale.example', 'nfc', now() - (n % 90) * interval '1 day',
        now() - (n % 90) * interval '1 day' - k * interval '1 hour'
      from generate_series(1, ${people}::int) n, generate_series(1, 2) k`,
    sql`insert into company_events (organization_id, actor_user_id, actor_name, action, subject, created_at)
      select ${co}, 'scale-user-' || n, 'Customer ' || n, 'joined', 'customer' || n || '@scale.example',
        now() - n * interval '1 hour'
      from generate_series(1, ${people}::int) n`,
  ];
}
