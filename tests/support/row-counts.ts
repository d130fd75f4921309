// How many rows every table of the app's schema holds, in one query: the cheap way to prove a refused request
// wrote nothing anywhere.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/server/platform/db.server";

type Rows<T> = { rows: T[] };

/**
 * Rows per table, by table name. `except` leaves out tables a refused request writes on purpose (rate-limit
 * hits are counted whether or not the request is accepted).
 */
export async function rowCounts(db: DbOrTx, except: string[] = ["rate_limits"]) {
  const tables = (await db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as Rows<{ name: string }>;
  const names = tables.rows.map((r) => r.name).filter((n) => !except.includes(n));
  const query = names.map((n) => `select '${n}' as name, count(*)::int as n from "${n}"`).join(" union all ");
  const result = (await db.execute(sql.raw(query))) as unknown as Rows<{ name: string; n: number }>;
  return Object.fromEntries(result.rows.map((r) => [r.name, Number(r.n)]));
}
