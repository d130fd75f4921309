// What backup and restore agree on: the manifest of a backup folder, the files it names, and the row counts
// taken at backup and compared after a restore.
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { z } from "~/schemas/zod";
import type { DbOrTx } from "./db.server";

export class BackupError extends Error {
  override name = "BackupError";
}

/** Rows per table, in every schema the app writes (public, and drizzle's record of applied migrations). */
export async function tableRowCounts(db: DbOrTx) {
  const tables = await db.execute(sql`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
    order by table_schema, table_name`);
  const counts: Record<string, number> = {};
  for (const { schema, name } of rowsOf<{ schema: string; name: string }>(tables)) {
    const result = await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(schema)}.${sql.identifier(name)}`,
    );
    counts[schema === "public" ? name : `${schema}.${name}`] = Number(rowsOf<{ n: number }>(result)[0]!.n);
  }
  return counts;
}

/** Both drivers answer a raw query with { rows }; the shared database type does not say so. */
export function rowsOf<T>(result: unknown) {
  return (result as { rows: T[] }).rows;
}

export const MIGRATIONS_TABLE = "drizzle.__drizzle_migrations";

export const ManifestSchema = z.object({
  format: z.literal(1),
  createdAt: z.string(),
  app: z.object({ version: z.string() }),
  database: z.object({ kind: z.enum(["pglite", "postgres"]), file: z.string(), migrations: z.number() }),
  tables: z.record(z.string(), z.number()),
  uploads: z.object({ included: z.boolean(), files: z.number(), note: z.string().optional() }),
});
export type Manifest = z.infer<typeof ManifestSchema>;

export const DUMP_FILES = { pglite: "database.tar.gz", postgres: "database.pgdump" } as const;

export interface BackupOptions {
  root: string;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}

export function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .reduce((n, e) => n + (e.isDirectory() ? countFiles(path.join(dir, e.name)) : 1), 0);
}
