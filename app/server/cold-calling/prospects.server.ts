// Cold Calling's Prospects tab, read: the customer's own prospects filtered, searched and paged, and exported as
// CSV. Another customer's prospect is not found. Its forms are prospect-writes.server.ts.
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { data } from "react-router";
import { businessTypes, prospects } from "~/db/schema";
import { PROSPECT_LIMITS, PROSPECT_STATUSES, type ProspectStatus } from "~/schemas/prospect-options";
import { toCsv } from "~/utils/csv";
import { isUuid } from "~/utils/ids";
import { pageNumber } from "~/utils/paging";
import type { DbOrTx } from "../platform/db.server";
import { ilikeAny } from "../platform/sql.server";
import { listBusinessTypes } from "./business-lists.server";
import { PROSPECT_CSV_COLUMNS } from "./prospect-import.server";

const PROSPECTS_PAGE_SIZE = 25;
/** An export holds at most this many prospects (newest first); the filters narrow a bigger list. */
const EXPORT_MAX_ROWS = 20_000;
export const PROSPECT_NOT_FOUND = "Prospect not found";

export interface ProspectFilters {
  status: ProspectStatus | null;
  type: string | null;
  q: string;
}

/** Filters from the address bar; anything not understood is dropped rather than refused. */
export function prospectFilters(url: URL): ProspectFilters {
  const status = url.searchParams.get("status") ?? "";
  const type = (url.searchParams.get("type") ?? "").slice(0, 60);
  return {
    status: (PROSPECT_STATUSES as readonly string[]).includes(status) ? (status as ProspectStatus) : null,
    type: /^[a-z0-9_-]+$/.test(type) ? type : null,
    q: (url.searchParams.get("q") ?? "").trim().slice(0, PROSPECT_LIMITS.search),
  };
}

function prospectsWhere(userId: string, f: ProspectFilters) {
  const where: SQL[] = [eq(prospects.userId, userId)];
  if (f.status) where.push(eq(prospects.status, f.status));
  if (f.type) where.push(eq(prospects.businessType, f.type));
  if (f.q) where.push(ilikeAny([prospects.businessName, prospects.contactName], f.q));
  return and(...where);
}

/** The customer's prospect with this id, or a 404 for an id that is not theirs (or not an id at all). */
export async function requireOwnProspect(db: DbOrTx, userId: string, prospectId: string) {
  if (!isUuid(prospectId)) throw data({ error: PROSPECT_NOT_FOUND }, { status: 404 });
  const [p] = await db
    .select({ id: prospects.id, businessName: prospects.businessName, status: prospects.status })
    .from(prospects)
    .where(and(eq(prospects.id, prospectId), eq(prospects.userId, userId)));
  if (!p) throw data({ error: PROSPECT_NOT_FOUND }, { status: 404 });
  return p;
}

/** Ordered as the (user_id, created_at) index is, so the planner reads one index entry, never the table. */
async function hasProspects(db: DbOrTx, userId: string) {
  const [first] = await db
    .select({ id: prospects.id })
    .from(prospects)
    .where(eq(prospects.userId, userId))
    .orderBy(desc(prospects.createdAt))
    .limit(1);
  return Boolean(first);
}

/** The Prospects tab: one page of the filtered list, its count, and the business types to choose from. */
export async function loadProspects(db: DbOrTx, userId: string, url: URL) {
  const filters = prospectFilters(url);
  const where = prospectsWhere(userId, filters);
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(prospects)
    .where(where);
  const pages = Math.max(1, Math.ceil(total / PROSPECTS_PAGE_SIZE));
  const page = pageNumber(url, pages);
  const rows = await db
    .select({
      id: prospects.id,
      businessName: prospects.businessName,
      contactName: prospects.contactName,
      phone: prospects.phone,
      email: prospects.email,
      businessType: prospects.businessType,
      typeLabel: businessTypes.label,
      status: prospects.status,
      lastContactDate: prospects.lastContactDate,
    })
    .from(prospects)
    .leftJoin(businessTypes, eq(businessTypes.id, prospects.businessType))
    .where(where)
    .orderBy(desc(prospects.createdAt), desc(prospects.id))
    .limit(PROSPECTS_PAGE_SIZE)
    .offset((page - 1) * PROSPECTS_PAGE_SIZE);
  // The empty state is for a customer with no prospects at all, not for filters that match none.
  const filtered = Boolean(filters.status || filters.type || filters.q);
  const hasAny = filtered ? await hasProspects(db, userId) : total > 0;
  return {
    filters,
    page,
    pages,
    total,
    hasAny,
    filtered,
    types: await listBusinessTypes(db),
    prospects: rows.map((r) => ({
      ...r,
      typeLabel: r.typeLabel ?? r.businessType,
      lastContactDate: r.lastContactDate?.toISOString() ?? null,
    })),
  };
}
export type ProspectsData = Awaited<ReturnType<typeof loadProspects>>;

/** The customer's prospects as CSV, with the tab's filters: the import's columns first, so a file round-trips. */
export async function prospectsCsv(db: DbOrTx, userId: string, filters: ProspectFilters) {
  const rows = await db
    .select()
    .from(prospects)
    .where(prospectsWhere(userId, filters))
    .orderBy(desc(prospects.createdAt), desc(prospects.id))
    .limit(EXPORT_MAX_ROWS);
  return toCsv(
    [...PROSPECT_CSV_COLUMNS, "status", "last_contact_date"],
    rows.map((r) => [
      r.businessName,
      r.contactName,
      r.phone,
      r.email,
      r.address,
      r.businessType,
      r.status,
      r.lastContactDate?.toISOString() ?? "",
    ]),
  );
}
