// Keeps saved Google Wallet passes in step with their cards: after a card changes (its name, title, design, image,
// address) its pass is patched, and a deleted card's pass is voided. The process that made the change sends it,
// shortly after and outside any request; a pass Google does not have (never saved) is skipped quietly.
import { createHash } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { Logger } from "pino";
import { cardPages } from "~/db/schema";
import type { DbOrTx } from "../platform/db.server";
import type { GoogleWalletConfig } from "../platform/google-wallet-config.server";
import { Lru } from "../platform/lru.server";
import { onCardPagesChanged, onCardPagesDeleted } from "./changes.server";
import { passFields, patchPass, voidedPass, type WalletCard } from "./google-wallet.server";

const walletCardColumns = {
  id: cardPages.id,
  slug: cardPages.slug,
  name: cardPages.name,
  jobTitle: cardPages.jobTitle,
  businessName: cardPages.businessName,
  profileImageUrl: cardPages.profileImageUrl,
  logoImageUrl: cardPages.logoImageUrl,
  design: cardPages.design,
};

/** A card as its pass shows it, or null. */
export async function walletCard(db: DbOrTx, cardPageId: string): Promise<WalletCard | null> {
  const [card] = await db.select(walletCardColumns).from(cardPages).where(eq(cardPages.id, cardPageId));
  return card ?? null;
}

/** Changes wait this long, so a burst of edits is one patch and the write that announced them has committed. */
const SETTLE_MS = 1000;
/** Changes waiting at most; beyond it the oldest are dropped (and logged), as a pass is a convenience. */
const MAX_WAITING = 5000;

export function startGoogleWalletSync(opts: {
  db: DbOrTx;
  wallet: GoogleWalletConfig;
  publicUrl: string;
  shopName: string;
  logger: Logger;
  settleMs?: number;
}) {
  const { db, wallet, logger } = opts;
  const changedSlugs = new Set<string>();
  const deletedIds = new Set<string>();
  // What each pass was last sent (or found missing with): an announcement that changed nothing on the pass (a
  // link, a contact) sends nothing.
  const lastSent = new Lru<string, string>(10_000);
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const queue = (set: Set<string>, items: string[]) => {
    for (const item of items) {
      set.delete(item);
      set.add(item);
    }
    let dropped = 0;
    for (; changedSlugs.size + deletedIds.size > MAX_WAITING; dropped++) {
      const from = changedSlugs.size ? changedSlugs : deletedIds;
      from.delete(from.values().next().value!);
    }
    if (dropped) logger.warn({ dropped }, "google wallet: too many card changes waiting; the oldest dropped");
    schedule();
  };

  const schedule = () => {
    if (stopped || timer || running) return;
    timer = setTimeout(() => {
      timer = null;
      running = round()
        .catch((error) => logger.error({ err: error }, "google wallet: pass updates failed"))
        .finally(() => {
          running = null;
          if (changedSlugs.size || deletedIds.size) schedule();
        });
    }, opts.settleMs ?? SETTLE_MS);
    timer.unref();
  };

  const send = async (cardPageId: string, fields: object) => {
    const body = createHash("sha256").update(JSON.stringify(fields)).digest("base64url");
    if (lastSent.get(cardPageId) === body) return;
    try {
      await patchPass(wallet, cardPageId, fields);
      lastSent.set(cardPageId, body);
    } catch (error) {
      logger.warn({ cardPageId, err: String((error as Error).message) }, "google wallet: pass not updated");
    }
  };

  async function round() {
    const slugs = [...changedSlugs].slice(0, 100);
    for (const slug of slugs) changedSlugs.delete(slug);
    const ids = [...deletedIds].slice(0, 100);
    for (const id of ids) deletedIds.delete(id);
    const cards = slugs.length
      ? await db.select(walletCardColumns).from(cardPages).where(inArray(cardPages.slug, slugs))
      : [];
    for (const card of cards) {
      if (stopped) return;
      await send(card.id, passFields(card, opts));
    }
    for (const id of ids) {
      if (stopped) return;
      await send(id, voidedPass);
    }
  }

  const unsubscribe = [
    onCardPagesChanged((slugs) => queue(changedSlugs, slugs)),
    onCardPagesDeleted((ids) => queue(deletedIds, ids)),
  ];
  return {
    async stop() {
      stopped = true;
      for (const off of unsubscribe) off();
      if (timer) clearTimeout(timer);
      await running?.catch(() => {});
    },
  };
}
