// The shop's admin's view of companies (Admin -> Companies): read only, a company's own pages are its members'.
import { asc, sql } from "drizzle-orm";
import { organizations } from "~/db/schema";
import type { DbOrTx } from "../platform/db.server";

const ADMIN_COMPANIES_PAGE = 50;

/** The shop's companies for its admin, by name, 50 a page: members, cards and the owners to reach. */
export async function adminCompaniesPage(db: DbOrTx, page: number) {
  const rows = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      createdAt: organizations.createdAt,
      // Written out: drizzle leaves column names unqualified inside sql``, and "id" would be the inner table's.
      members: sql<number>`(select count(*)::int from members m where m.organization_id = organizations.id)`,
      cards: sql<number>`(select count(*)::int from card_pages c where c.organization_id = organizations.id)`,
      // Team orders placed for it, cancelled ones aside.
      orders: sql<number>`(select count(*)::int from orders o where o.organization_id = organizations.id and o.status <> 'cancelled')`,
      owners: sql<string>`(select string_agg(u.email, ', ' order by u.email) from members m join users u on u.id = m.user_id where m.organization_id = organizations.id and m.role = 'owner')`,
    })
    .from(organizations)
    .orderBy(asc(organizations.name), asc(organizations.id))
    .limit(ADMIN_COMPANIES_PAGE + 1)
    .offset((page - 1) * ADMIN_COMPANIES_PAGE);
  return {
    companies: rows.slice(0, ADMIN_COMPANIES_PAGE),
    hasNext: rows.length > ADMIN_COMPANIES_PAGE,
    page,
  };
}
