// Keeps saved Google Wallet passes in step with their cards: a card whose save link was followed has a row in
// google_wallet_passes, and a polled worker patches its pass whenever the card's version is ahead of the row's
// (a deleted card's pass is voided). A change made in any process, or while this one was down, is sent; a failed
// patch is tried again on a later round (docs/decisions/046-google-wallet-passes.md).
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { cardPages, googleWalletPasses } from "~/db/schema";
import type { DbOrTx } from "../platform/db.server";
import type { GoogleWalletConfig } from "../platform/google-wallet-config.server";
import { startPolledWorker } from "../platform/polled-worker.server";
import { walletCardColumns } from "./card-access.server";
import { onCardPagesChanged, onCardPagesDeleted } from "./changes.server";
import { passFields, patchPass, voidedPass, type WalletCard } from "./google-wallet.server";

const BATCH = 100;

type VersionedCard = WalletCard & { version: number };

/** A card as its pass shows it, with its version, or null. */
export async function walletCard(db: DbOrTx, cardPageId: string): Promise<VersionedCard | null> {
  const [card] = await db.select(walletCardColumns).from(cardPages).where(eq(cardPages.id, cardPageId));
  return card ?? null;
}

/** The save link was handed out: from now on the card's changes are sent to its pass (one row per card). */
export async function registerGoogleWalletPass(db: DbOrTx, card: { id: string; version: number }) {
  await db
    .insert(googleWalletPasses)
    .values({ cardPageId: card.id, pushedVersion: card.version })
    .onConflictDoNothing();
}

/**
 * Whether a pass is due: its card's version is ahead of the one sent, or its card is gone and the pass not voided.
 * A scalar subquery is looked up by the card's primary key for each row, never by reading every card.
 */
const due = sql`coalesce(
  (select cp.version > ${googleWalletPasses.pushedVersion} from card_pages cp
    where cp.id = ${googleWalletPasses.cardPageId}),
  ${googleWalletPasses.voidedAt} is null)`;

type Options = { wallet: GoogleWalletConfig; publicUrl: string; shopName: string; logger: Logger };

/** One patch: whether the pass is settled (changed, or never saved: a 404); a failure is logged and left due. */
async function send(opts: Options, cardPageId: string, fields: object) {
  try {
    await patchPass(opts.wallet, cardPageId, fields);
    return true;
  } catch (error) {
    // The message only: an error's cause may carry the request, and with it the access token.
    opts.logger.warn(
      { cardPageId, err: String((error as Error).message) },
      "google wallet: pass not updated; it is tried again",
    );
    return false;
  }
}

/** One round: the passes behind their card, patched one at a time. Resolves whether more may be waiting. */
export async function pushGooglePassUpdates(db: DbOrTx, opts: Options): Promise<boolean> {
  const rows = await db
    .select({ cardPageId: googleWalletPasses.cardPageId })
    .from(googleWalletPasses)
    .where(due)
    .limit(BATCH);
  if (!rows.length) return false;
  const ids = rows.map((r) => r.cardPageId);
  // The fields and the version they belong to are read together, so the version recorded is the one sent.
  const cards = new Map(
    (await db.select(walletCardColumns).from(cardPages).where(inArray(cardPages.id, ids))).map((c) => [
      c.id,
      c,
    ]),
  );
  let done = 0;
  for (const id of ids) {
    const card = cards.get(id);
    if (!(await send(opts, id, card ? passFields(card, opts) : voidedPass))) continue;
    done++;
    if (!card) {
      await db
        .update(googleWalletPasses)
        .set({ voidedAt: sql`now()` })
        .where(and(eq(googleWalletPasses.cardPageId, id), isNull(googleWalletPasses.voidedAt)));
      continue;
    }
    // Another process may have sent a newer version meanwhile, possibly before this older one landed: the row is
    // set back to this version then, so the next round sends the card as it is now.
    await db
      .update(googleWalletPasses)
      .set({ pushedVersion: card.version })
      .where(and(eq(googleWalletPasses.cardPageId, id), ne(googleWalletPasses.pushedVersion, card.version)));
  }
  // Another round at once only after a full batch that moved on: an outage at Google waits for the timer.
  return rows.length === BATCH && done > 0;
}

/** The worker: a round on a timer and whenever a card page changes or is deleted in this process. */
export function startGoogleWalletSync(opts: Options & { db: DbOrTx; intervalMs?: number }) {
  const worker = startPolledWorker({
    round: () => pushGooglePassUpdates(opts.db, opts),
    logger: opts.logger,
    name: "Google Wallet pass updates",
    intervalMs: opts.intervalMs ?? 15_000,
  });
  const unsubscribe = [onCardPagesChanged(() => worker.poke()), onCardPagesDeleted(() => worker.poke())];
  return {
    poke: worker.poke,
    async stop() {
      for (const off of unsubscribe) off();
      await worker.stop();
    },
  };
}
