// Every query behind the pages that must not slow down as the shop grows uses an index: the real server functions
// run against a database filled by the scale seed (a fifth of full size), each statement they send is captured
// and EXPLAINed with its parameters, and a sequential scan of any big table fails the test.
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, expect, test } from "vitest";
import * as schema from "~/db/schema";
import { listCardPages } from "~/server/cards/admin-cards.server";
import { hashEditPassword } from "~/server/cards/edit-passwords.server";
import type { Database } from "~/server/platform/db.server";
import { type ScaleSize, seedScale } from "~/server/platform/scale-seed.server";
import { scalePaths } from "./support/scale-paths";
import { createTestDb, type TestDb } from "./support/test-db";

/** Big enough that the planner prefers an index wherever one fits. */
const SIZE: ScaleSize = {
  cards: 20_000,
  linksPerCard: 5,
  customers: 4_000,
  orders: 10_000,
  otherProspects: 20_000,
  companyMembers: 4_000,
};
/** Tables with fewer rows than this (business types, shops, payouts) are cheaper to scan than to index. */
const BIG_TABLE_ROWS = 1_000;

let t: TestDb;
let pool: pg.Pool;
let captured: { sql: string; params: unknown[] }[] = [];
let traced: Database;

beforeAll(async () => {
  t = await createTestDb();
  await seedScale(t.db, SIZE, await hashEditPassword("scale-card-password"));
  pool = new pg.Pool({ connectionString: t.url, max: 4 });
  // The plans below assume what a live shop's tables have within a minute of a bulk load: a visibility map that
  // marks their pages as seen by all. A vacuum can only mark them once no transaction might still miss their rows,
  // which on a busy machine may be later than the seed's own vacuum: it is run again until the map is there.
  for (let attempt = 1; ; attempt++) {
    await pool.query("vacuum analyze card_pages, card_views_daily");
    const { rows } = await pool.query(
      "select relallvisible, relpages from pg_class where relname in ('card_pages', 'card_views_daily')",
    );
    if (rows.every((r) => r.relallvisible >= r.relpages)) break;
    if (attempt === 100) throw new Error("the visibility map was not set after 100 vacuums");
  }
  traced = drizzle({
    client: pool,
    schema,
    casing: "snake_case",
    logger: { logQuery: (query, params) => captured.push({ sql: query, params }) },
  }) as unknown as Database;
}, 300_000);

afterAll(async () => {
  await pool?.end();
  await t?.close();
});

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Cond"?: string;
  Filter?: string;
  "Heap Fetches"?: number;
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

function seqScans(node: PlanNode): string[] {
  const own = node["Node Type"] === "Seq Scan" && node["Relation Name"] ? [node["Relation Name"]] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScans)];
}

test("no query of the scale paths reads a big table from end to end", { timeout: 120_000 }, async () => {
  const sizes = await pool.query<{ relname: string; rows: number }>(
    "select relname, reltuples::bigint as rows from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace",
  );
  const big = new Set(sizes.rows.filter((r) => Number(r.rows) >= BIG_TABLE_ROWS).map((r) => r.relname));
  expect(big).toContain("card_pages");
  expect(big).toContain("prospects");

  const problems: string[] = [];
  let explained = 0;
  for (const path of await scalePaths(traced, SIZE.cards)) {
    captured = [];
    await path.run(traced);
    for (const { sql, params } of captured) {
      if (!/^\s*(select|with)\b/i.test(sql)) continue;
      const result = await pool.query(`explain (format json) ${sql}`, params);
      const plan = (result.rows[0]["QUERY PLAN"] as { Plan: PlanNode }[])[0]!.Plan;
      explained++;
      for (const table of seqScans(plan).filter((name) => big.has(name)))
        problems.push(`${path.name}: sequential scan of ${table} in ${sql.slice(0, 160)}`);
    }
  }
  expect(problems).toEqual([]);
  expect(explained).toBeGreaterThan(30);
});

test("a name prefix many cards share is matched in the name index alone, without reading each card's row", async () => {
  // 111 of the seeded names start with "person 123" (123, 1230-1239, 12300-12399); the list shows the newest 20.
  captured = [];
  const { cards } = await listCardPages(traced, { q: "Person 123" });
  expect(cards.map((c) => c.name).slice(0, 3)).toEqual(["Person 123", "Person 1230", "Person 1231"]);
  const search = captured.find((c) => / union /i.test(c.sql));
  if (!search) throw new Error("the admin card search sent no union of index ranges");
  const result = await pool.query(`explain (analyze, format json) ${search.sql}`, search.params);
  const plan = (result.rows[0]["QUERY PLAN"] as { Plan: PlanNode }[])[0]!.Plan;
  const byName = nodesOf(plan).filter((n) =>
    /lower\(+(\w+\.)?name\)/.test(`${n["Index Cond"] ?? ""} ${n.Filter ?? ""}`),
  );
  expect(byName.map((n) => [n["Node Type"], n["Heap Fetches"]])).toEqual([["Index Only Scan", 0]]);
});

test("each card's total views in the admin list are summed from an index alone", async () => {
  captured = [];
  const { cards } = await listCardPages(traced, {});
  expect(cards).toHaveLength(20);
  const list = captured.find((c) => /card_views_daily/.test(c.sql));
  if (!list) throw new Error("the admin card list read no view counts");
  const result = await pool.query(`explain (analyze, format json) ${list.sql}`, list.params);
  const plan = (result.rows[0]["QUERY PLAN"] as { Plan: PlanNode }[])[0]!.Plan;
  const views = nodesOf(plan).filter((n) => n["Relation Name"] === "card_views_daily");
  expect(views.map((n) => [n["Node Type"], n["Heap Fetches"]])).toEqual([["Index Only Scan", 0]]);
});
