// Keyset paging over (created_at, id), newest first, for the admin lists: a page is an index range after (or
// before) the row the link names, so the last page of a big table costs what the first one does. OFFSET would
// read and throw away every row before the page.
import { type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { isUuid } from "~/utils/ids";

/** Which way to read from the row named by a Next (after) or Previous (before) link. */
export type PageCursor = { after?: string | null; before?: string | null };

/** A page and the ids its Previous and Next links carry (null: no such link). */
export interface KeysetPage<T> {
  rows: T[];
  /** Set when the page was reached through a link, so the list can offer its first page. */
  paged: boolean;
  previous: string | null;
  next: string | null;
}

/** The cursor from a page's address; anything but a row id is ignored (the first page). */
export function cursorFromUrl(url: URL): PageCursor {
  return { after: url.searchParams.get("after"), before: url.searchParams.get("before") };
}

export function keyset(
  table: PgTable,
  columns: { createdAt: PgColumn; id: PgColumn },
  cursor: PageCursor,
  pageSize: number,
) {
  const before = cursor.before && isUuid(cursor.before) ? cursor.before : null;
  const after = !before && cursor.after && isUuid(cursor.after) ? cursor.after : null;
  const id = before ?? after;
  const backwards = Boolean(before);
  const row = sql`(${columns.createdAt}, ${columns.id})`;
  // The named row's own key, read through the primary key; a deleted row matches nothing (an empty page).
  const from = sql`(select k.created_at, k.id from ${table} k where k.id = ${id})`;
  return {
    /** The condition to AND into the list's filters, or undefined on the first page. */
    where: id ? (backwards ? sql`${row} > ${from}` : sql`${row} < ${from}`) : undefined,
    /** Newest first; reading backwards, oldest first (the rows are turned round in `page`). */
    orderBy: (backwards
      ? [sql`${columns.createdAt} asc`, sql`${columns.id} asc`]
      : [sql`${columns.createdAt} desc`, sql`${columns.id} desc`]) as SQL[],
    /** One row more than a page tells whether the list goes on. */
    limit: pageSize + 1,
    page<T extends { id: string }>(fetched: T[]): KeysetPage<T> {
      const more = fetched.length > pageSize;
      const rows = fetched.slice(0, pageSize);
      if (backwards) rows.reverse();
      const first = rows[0]?.id ?? null;
      const last = rows.at(-1)?.id ?? null;
      return {
        rows,
        paged: Boolean(id),
        previous: backwards ? (more ? first : null) : id ? first : null,
        next: backwards ? last : more ? last : null,
      };
    },
  };
}
