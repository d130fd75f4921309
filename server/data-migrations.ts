// One-time rewrites of stored data that SQL migrations cannot express (they need the app's own code), run at
// start on every installation. Each runs once per database, in one transaction, recorded in app_state.
import { and, asc, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { appState, cardPages, pageLinks, referrers, users } from "~/db/schema";
import { announceCardPagesChanged } from "~/server/cards/changes.server";
import type { Database, Tx } from "~/server/platform/db.server";
import { getOrCreateReferralCode } from "~/server/referrals/referrals.server";
import { normalizeLinkUrl } from "~/utils/card-links";

/** A step returns the slugs of the card pages it changed, so that page caches drop them. */
type DataMigration = { name: string; run: (tx: Tx) => Promise<string[]> };

const migrations: DataMigration[] = [
  { name: "normalize-link-urls", run: normalizeStoredLinkUrls },
  { name: "referral-codes-for-customers", run: giveCustomersReferralCodes },
];

export async function runDataMigrations(db: Database, logger: Logger) {
  for (const migration of migrations) {
    const key = `data-migration:${migration.name}`;
    const [done] = await db.select({ key: appState.key }).from(appState).where(eq(appState.key, key));
    if (done) continue;
    const slugs = await db.transaction(async (tx) => {
      // Claimed first: a second app process starting at the same time waits on this row, then skips.
      const [claimed] = await tx
        .insert(appState)
        .values({ key, value: { at: new Date().toISOString() } })
        .onConflictDoNothing()
        .returning({ key: appState.key });
      return claimed ? migration.run(tx) : null;
    });
    if (slugs === null) continue;
    if (slugs.length) announceCardPagesChanged(slugs);
    logger.info({ migration: migration.name, cardPages: slugs.length }, "data migration done");
  }
}

const BATCH = 1000;

/**
 * Page links stored before URLs were normalised may hold non-ASCII (an IDN host, an accented path), which
 * cannot go into the Location header of the link redirect. Rewrites every link to its normalised form.
 */
async function normalizeStoredLinkUrls(tx: Tx) {
  const changedPages = new Set<string>();
  let after: string | undefined;
  for (;;) {
    const rows = await tx
      .select({ id: pageLinks.id, url: pageLinks.url, cardPageId: pageLinks.cardPageId })
      .from(pageLinks)
      .where(after ? gt(pageLinks.id, after) : undefined)
      .orderBy(asc(pageLinks.id))
      .limit(BATCH);
    for (const row of rows) {
      const url = normalizeLinkUrl(row.url);
      if (url === row.url) continue;
      await tx.update(pageLinks).set({ url }).where(eq(pageLinks.id, row.id));
      changedPages.add(row.cardPageId);
    }
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
  if (changedPages.size === 0) return [];
  const pages = await tx
    .update(cardPages)
    .set({ version: sql`${cardPages.version} + 1`, updatedAt: new Date() })
    .where(inArray(cardPages.id, [...changedPages]))
    .returning({ slug: cardPages.slug });
  return pages.map((p) => p.slug);
}

/** Customer accounts created before every registration got a referral code receive one now. */
async function giveCustomersReferralCodes(tx: Tx) {
  for (;;) {
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .leftJoin(referrers, eq(referrers.userId, users.id))
      .where(and(ne(users.role, "admin"), isNull(referrers.userId)))
      .limit(BATCH);
    for (const row of rows) await getOrCreateReferralCode(tx, row.id);
    if (rows.length < BATCH) break;
  }
  return [];
}
