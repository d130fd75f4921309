// Small SQL helpers shared by the admin searches.
import type { SQL } from "drizzle-orm";
import { ilike, or } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/** Escapes LIKE's wildcards (and its escape character), so a search for '50%' finds '50%' and nothing else. */
function escapeLike(q: string) {
  return q.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A LIKE pattern matching values that start with q. */
export function prefixPattern(q: string) {
  return `${escapeLike(q)}%`;
}

/** A LIKE pattern matching values that contain q. */
function containsPattern(q: string) {
  return `%${escapeLike(q)}%`;
}

/** Any of the columns contains q, ignoring case. */
export function ilikeAny(columns: (PgColumn | SQL)[], q: string) {
  const pattern = containsPattern(q);
  return or(...columns.map((c) => ilike(c, pattern)))!;
}
